// Composes the HTTP stack: the pipeline's steps (pipeline-steps.ts) → routes → errors (OpenAI's shape under /v1) on Express, and the fast lane over the same steps.
import type { RequestListener, ServerOptions } from 'node:http';
import express, { type Express } from 'express';
import {
  CHECKED_VALIDATOR_VERSION,
  contractValidation,
  errorHandler,
  openAiErrorBody,
  unknownRoute,
  type InternalsCheck,
} from '@textclass/contract-checks';
import { domainErrors } from '../errors/domain-answers.js';
import { apiKeyRoutes } from '../routes/api-keys.js';
import { usageRoutes } from '../routes/usage.js';
import { webhookRoutes } from '../routes/webhooks.js';
import { currentKeyRoutes } from '../routes/current-key.js';
import { connectorRoutes } from '../routes/connectors.js';
import { modelLifecycleRoutes } from '../routes/model-lifecycle.js';
import { modelRecordRoutes } from '../routes/model-records.js';
import { reviewRoutes } from '../routes/review.js';
import { trainingAuditRoutes } from '../routes/training-audit.js';
import { heldOutRoutes } from '../routes/held-out.js';
import { embeddingHotRoutes } from '../routes/embeddings.js';
import { openAiEmbeddingRoutes } from '../routes/openai-embeddings.js';
import { openAiModelRoutes } from '../routes/openai-models.js';
import { backlogGateRoutes } from '../routes/backlog-gate.js';
import { datasetRoutes } from '../routes/datasets.js';
import { datasetExportRoutes } from '../routes/dataset-export.js';
import { uploadRoutes } from '../routes/uploads.js';
import { inferenceHotRoutes } from '../routes/inference.js';
import { modelRoutes } from '../routes/models.js';
import { similarityHotRoutes } from '../routes/similarity.js';
import type { AppServices } from '../shared/services.js';
import { routerOf } from '../shared/hot-routes.js';
import { expressMessageClasses, withFastLane } from './fast-lane.js';
import { laneHandlers, mountSteps } from '../shared/request-steps.js';
import { requestSteps, type PipelineOptions } from './pipeline-steps.js';

export interface AppOptions extends PipelineOptions {
  validateResponses: boolean;
  /** The hot POST routes through the fast lane (pipeline/fast-lane.ts); false: every request through Express. Default true. */
  fastLane?: boolean;
  /** The start-up self-check of express-openapi-validator's internals (@textclass/contract-checks); tests hand a failing one. */
  validatorInternals?: () => InternalsCheck;
}

export interface HttpStack {
  app: Express;
  /** What the HTTP server calls: the fast lane in front of the app (or the app alone). */
  listener: RequestListener;
  /** The HTTP server's options: request and response classes the lane serves without changing their prototypes. */
  serverOptions: ServerOptions;
}

/** The Express app alone (no fast lane in front). */
export function createApp(services: AppServices, options: AppOptions): Express {
  return createHttpStack(services, options).app;
}

export function createHttpStack(services: AppServices, options: AppOptions): HttpStack {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  const { metrics } = services;
  const validation = contractValidation(options.validateResponses, options.validatorInternals);
  const { internals } = validation;
  const steps = requestSteps(services, options, validation, options.validateResponses);
  const inference = inferenceHotRoutes(services);
  const similarity = similarityHotRoutes(services);
  const embeddings = embeddingHotRoutes(services);
  const errors = errorHandler(options.logger, { metrics, domainErrors });

  mountSteps(app, steps);
  app.use(routerOf(inference));
  app.use(routerOf(similarity));
  app.use(routerOf(embeddings));
  app.use(openAiEmbeddingRoutes(services));
  app.use(openAiModelRoutes(services));
  app.use(modelRoutes(services));
  app.use(modelLifecycleRoutes(services));
  app.use(modelRecordRoutes(services));
  app.use(reviewRoutes(services));
  app.use(trainingAuditRoutes(services));
  app.use(heldOutRoutes(services));
  app.use(backlogGateRoutes(services));
  app.use(datasetRoutes(services));
  app.use(datasetExportRoutes(services));
  app.use(uploadRoutes(services));
  app.use(apiKeyRoutes(services));
  app.use(usageRoutes(services));
  app.use(currentKeyRoutes());
  app.use(webhookRoutes(services));
  app.use(connectorRoutes(services));
  app.use(unknownRoute());
  app.use('/v1', errorHandler(options.logger, { present: (error) => openAiErrorBody(error), metrics, domainErrors }));
  app.use(errors);
  const hot = [...inference, ...similarity, ...embeddings];
  if (options.fastLane === false) return { app, listener: app, serverOptions: {} };
  if (!internals.ok) {
    options.logger.warn(
      { reason: internals.reason, checkedVersion: CHECKED_VALIDATOR_VERSION },
      "express-openapi-validator's internals are not what the fast lane was checked on: the fast lane is off, every request takes the Express path",
    );
    return { app, listener: app, serverOptions: {} };
  }
  if (hot.some((route) => !route.path.startsWith('/v2/'))) throw new Error('the fast lane serves /v2 routes only');
  // The same steps, in the same order, as a hot POST walks through the app (request-steps.ts says what each step runs
  // on the lane), then the route's own handler instances; its errors take the contract's shape (all under /v2).
  const listener = withFastLane({
    app,
    prelude: () => laneHandlers(steps),
    routes: hot,
    onError: (error, req, res) => errors(error, req, res, () => undefined),
    bodyLimitBytes: options.bodyLimitBytes,
  });
  return { app, listener, serverOptions: expressMessageClasses(app) };
}
