// Composes the Express app: request id → security headers → public routes → auth → limits → body → contract → routes → errors.
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from './logger.js';
import { accessLog } from './http/access-log.js';
import { authenticate } from './http/auth.js';
import { corsFor } from './http/cors.js';
import { apiKeyRoutes } from './http/routes/api-keys.js';
import { usageRoutes } from './http/routes/usage.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { jsonBody } from './http/body.js';
import { modelFileBodies, modelLifecycleRoutes } from './http/routes/model-lifecycle.js';
import { errorHandler, unknownRoute } from './http/errors.js';
import { requestMetrics } from './http/request-metrics.js';
import { requestId } from './http/request-id.js';
import { metricsRoutes } from './http/routes/metrics.js';
import { datasetRoutes } from './http/routes/datasets.js';
import { uploadRoutes } from './http/routes/uploads.js';
import { inferenceRoutes } from './http/routes/inference.js';
import { modelRoutes } from './http/routes/models.js';
import { similarityRoutes } from './http/routes/similarity.js';
import { systemRoutes } from './http/routes/system.js';
import type { AppServices } from './http/services.js';
import { contractValidator } from './http/validator.js';
import { RouteTemplates } from './telemetry/route-templates.js';

export interface AppOptions {
  logger: Logger;
  bodyLimitBytes: number;
  validateResponses: boolean;
  authFailuresPerMinute?: number;
  /** Browser origins allowed by CORS; empty or absent: CORS off. */
  corsOrigins?: readonly string[];
}

export function createApp(services: AppServices, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(requestId());
  app.use(accessLog(options.logger));
  if (services.metrics) app.use(requestMetrics(services.metrics, RouteTemplates.fromContract()));
  app.use(helmet());
  app.use(corsFor(options.corsOrigins ?? []));
  app.use(systemRoutes(services));
  if (services.metrics) app.use(metricsRoutes(services.metrics));
  app.use('/v2', authenticate({ repos: services.repos, limiter: services.limiter, authFailuresPerMinute: options.authFailuresPerMinute ?? 30 }));
  app.use(modelFileBodies());
  app.use(jsonBody(options.bodyLimitBytes));
  app.use(contractValidator(options.validateResponses));
  app.use(inferenceRoutes(services));
  app.use(similarityRoutes(services));
  app.use(modelRoutes(services));
  app.use(modelLifecycleRoutes(services));
  app.use(datasetRoutes(services));
  app.use(uploadRoutes(services));
  app.use(apiKeyRoutes(services));
  app.use(usageRoutes(services));
  app.use(webhookRoutes(services));
  app.use(unknownRoute());
  app.use(errorHandler(options.logger));
  return app;
}
