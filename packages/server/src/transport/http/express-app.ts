// Composes the Express app: request id → security headers → public routes → auth → limits → path ids → body → contract → routes → errors (OpenAI's shape under /v1).
import type { RequestListener, ServerOptions } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from '../../adapters/observability/logger.js';
import { accessLogLine } from './access-log.js';
import { authenticate } from './auth.js';
import { corsFor } from './cors.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { usageRoutes } from './routes/usage.js';
import { webhookRoutes } from './routes/webhooks.js';
import { jsonBody } from './body.js';
import { laneJsonBody } from './lane-json-body.js';
import { settleHeaders } from './lane-headers.js';
import { modelFileBodies, modelLifecycleRoutes } from './routes/model-lifecycle.js';
import { modelRecordRoutes } from './routes/model-records.js';
import { reviewRoutes } from './routes/review.js';
import { trainingAuditRoutes } from './routes/training-audit.js';
import { errorHandler, unknownRoute } from './errors.js';
import { openAiErrorBody } from './openai-errors.js';
import { embeddingHotRoutes } from './routes/embeddings.js';
import { openAiEmbeddingRoutes } from './routes/openai-embeddings.js';
import { openAiModelRoutes } from './routes/openai-models.js';
import { requestCounter } from './request-metrics.js';
import { observeRequests } from './request-observation.js';
import { metricsRoutes } from './routes/metrics.js';
import { backlogGateRoutes } from './routes/backlog-gate.js';
import { datasetRoutes } from './routes/datasets.js';
import { datasetExportRoutes } from './routes/dataset-export.js';
import { uploadRoutes } from './routes/uploads.js';
import { inferenceHotRoutes } from './routes/inference.js';
import { modelRoutes } from './routes/models.js';
import { similarityHotRoutes } from './routes/similarity.js';
import { systemRoutes } from './routes/system.js';
import type { AppServices } from './services.js';
import { strictPathIds } from './path-ids.js';
import { securityHeaders } from './security-headers.js';
import { contractValidation } from './validator.js';
import { laneContractValidation } from './lane-validation.js';
import { CHECKED_VALIDATOR_VERSION, type InternalsCheck } from './validator-internals.js';
import { RouteTemplates } from './route-templates.js';
import { routerOf } from './hot-routes.js';
import { expressMessageClasses, withFastLane } from './fast-lane.js';

export interface AppOptions {
  logger: Logger;
  bodyLimitBytes: number;
  validateResponses: boolean;
  authFailuresPerMinute?: number;
  /** Browser origins allowed by CORS; empty or absent: CORS off. */
  corsOrigins?: readonly string[];
  /** Strict-Transport-Security to send; absent: none (a proxy that terminates TLS decides). */
  hsts?: { maxAgeSeconds: number; includeSubDomains: boolean } | undefined;
  /** The hot POST routes through the fast lane (fast-lane.ts); false: every request through Express. Default true. */
  fastLane?: boolean;
  /** The start-up self-check of express-openapi-validator's internals (validator-internals.ts); tests hand a failing one. */
  validatorInternals?: () => InternalsCheck;
}

const settleHeadersStep: RequestHandler = (_req, res, next) => {
  settleHeaders(res);
  next();
};

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
  const observe = observeRequests([
    accessLogLine(options.logger),
    ...(metrics ? [requestCounter(metrics, RouteTemplates.fromContract())] : []),
  ]);
  const { hsts } = options;
  const security = securityHeaders({
    strictTransportSecurity: hsts ? { maxAge: hsts.maxAgeSeconds, includeSubDomains: hsts.includeSubDomains } : false,
  });
  const cors = corsFor(options.corsOrigins ?? []);
  const auth = authenticate({
    authenticator: services.authenticator,
    limiter: services.limiter,
    authFailuresPerMinute: options.authFailuresPerMinute ?? 30,
  });
  const pathIds = strictPathIds();
  const body = jsonBody(options.bodyLimitBytes);
  const validation = contractValidation(options.validateResponses, options.validatorInternals);
  const contract = validation.middleware;
  const inference = inferenceHotRoutes(services);
  const similarity = similarityHotRoutes(services);
  const embeddings = embeddingHotRoutes(services);
  const errors = errorHandler(options.logger, { metrics: services.metrics });

  app.use(observe);
  app.use(security);
  app.use(cors);
  app.use(systemRoutes(services));
  if (services.metrics) app.use(metricsRoutes(services.metrics));
  app.use(['/v2', '/v1'], auth);
  app.use(pathIds);
  app.use(modelFileBodies());
  app.use(body);
  app.use(contract);
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
  app.use(backlogGateRoutes(services));
  app.use(datasetRoutes(services));
  app.use(datasetExportRoutes(services));
  app.use(uploadRoutes(services));
  app.use(apiKeyRoutes(services));
  app.use(usageRoutes(services));
  app.use(webhookRoutes(services));
  app.use(unknownRoute());
  app.use(
    '/v1',
    errorHandler(options.logger, { present: (error) => openAiErrorBody(error), metrics: services.metrics }),
  );
  app.use(errors);
  const hot = [...inference, ...similarity, ...embeddings];
  if (options.fastLane === false) return { app, listener: app, serverOptions: {} };
  const { internals } = validation;
  if (!internals.ok) {
    options.logger.warn(
      { reason: internals.reason, checkedVersion: CHECKED_VALIDATOR_VERSION },
      "express-openapi-validator's internals are not what the fast lane was checked on: the fast lane is off, every request takes the Express path",
    );
    return { app, listener: app, serverOptions: {} };
  }
  if (hot.some((route) => !route.path.startsWith('/v2/'))) throw new Error('the fast lane serves /v2 routes only');
  // The same handler instances, in the same order, as a hot POST walks through the app (all under /v2: auth applies,
  // the file-body parsers do not, and its errors take the contract's shape); the JSON body is read by the lane's own
  // reader, as body-parser reads the identity-coded JSON bodies the lane takes, and each route's contract validation runs
  // the validator's compiled functions once its middleware has compiled them.
  const listener = withFastLane({
    app,
    prelude: () => [
      observe,
      security,
      // The cors package reads and sets headers on the response itself: the prepared list ends before it.
      ...((options.corsOrigins ?? []).length > 0 ? [settleHeadersStep, cors] : []),
      auth,
      pathIds,
      laneJsonBody(),
      laneContractValidation(internals.internals, contract, validation.requestValidator, !options.validateResponses),
    ],
    routes: hot,
    onError: (error, req, res) => errors(error, req, res, () => undefined),
    bodyLimitBytes: options.bodyLimitBytes,
  });
  return { app, listener, serverOptions: expressMessageClasses(app) };
}
