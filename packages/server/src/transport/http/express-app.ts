// Composes the Express app: request id → security headers → public routes → auth → limits → path ids → body → contract → routes → errors (OpenAI's shape under /v1).
import express, { type Express } from 'express';
import type { Logger } from '../../adapters/observability/logger.js';
import { accessLogLine } from './access-log.js';
import { authenticate } from './auth.js';
import { corsFor } from './cors.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { usageRoutes } from './routes/usage.js';
import { webhookRoutes } from './routes/webhooks.js';
import { jsonBody } from './body.js';
import { modelFileBodies, modelLifecycleRoutes } from './routes/model-lifecycle.js';
import { errorHandler, unknownRoute } from './errors.js';
import { openAiErrorBody } from './openai-errors.js';
import { embeddingRoutes } from './routes/embeddings.js';
import { openAiEmbeddingRoutes } from './routes/openai-embeddings.js';
import { requestCounter } from './request-metrics.js';
import { observeRequests } from './request-observation.js';
import { metricsRoutes } from './routes/metrics.js';
import { datasetRoutes } from './routes/datasets.js';
import { uploadRoutes } from './routes/uploads.js';
import { inferenceRoutes } from './routes/inference.js';
import { modelRoutes } from './routes/models.js';
import { similarityRoutes } from './routes/similarity.js';
import { systemRoutes } from './routes/system.js';
import type { AppServices } from './services.js';
import { strictPathIds } from './path-ids.js';
import { securityHeaders } from './security-headers.js';
import { contractValidator } from './validator.js';
import { RouteTemplates } from './route-templates.js';

export interface AppOptions {
  logger: Logger;
  bodyLimitBytes: number;
  validateResponses: boolean;
  authFailuresPerMinute?: number;
  /** Browser origins allowed by CORS; empty or absent: CORS off. */
  corsOrigins?: readonly string[];
  /** Strict-Transport-Security to send; absent: none (a proxy that terminates TLS decides). */
  hsts?: { maxAgeSeconds: number; includeSubDomains: boolean } | undefined;
}

export function createApp(services: AppServices, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  const { metrics } = services;
  app.use(
    observeRequests([
      accessLogLine(options.logger),
      ...(metrics ? [requestCounter(metrics, RouteTemplates.fromContract())] : []),
    ]),
  );
  const { hsts } = options;
  app.use(
    securityHeaders({
      strictTransportSecurity: hsts ? { maxAge: hsts.maxAgeSeconds, includeSubDomains: hsts.includeSubDomains } : false,
    }),
  );
  app.use(corsFor(options.corsOrigins ?? []));
  app.use(systemRoutes(services));
  if (services.metrics) app.use(metricsRoutes(services.metrics));
  app.use(
    ['/v2', '/v1'],
    authenticate({
      authenticator: services.authenticator,
      limiter: services.limiter,
      authFailuresPerMinute: options.authFailuresPerMinute ?? 30,
    }),
  );
  app.use(strictPathIds());
  app.use(modelFileBodies());
  app.use(jsonBody(options.bodyLimitBytes));
  app.use(contractValidator(options.validateResponses));
  app.use(inferenceRoutes(services));
  app.use(similarityRoutes(services));
  app.use(embeddingRoutes(services));
  app.use(openAiEmbeddingRoutes(services));
  app.use(modelRoutes(services));
  app.use(modelLifecycleRoutes(services));
  app.use(datasetRoutes(services));
  app.use(uploadRoutes(services));
  app.use(apiKeyRoutes(services));
  app.use(usageRoutes(services));
  app.use(webhookRoutes(services));
  app.use(unknownRoute());
  app.use(
    '/v1',
    errorHandler(options.logger, { present: (error) => openAiErrorBody(error), metrics: services.metrics }),
  );
  app.use(errorHandler(options.logger, { metrics: services.metrics }));
  return app;
}
