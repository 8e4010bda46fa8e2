// THE request pipeline, in order, declared once: the Express app mounts these steps and the fast lane runs their lane forms.
import type { RequestHandler } from 'express';
import type { Logger } from '../../../adapters/observability/logger.js';
import { corsFor, strictPathIds, type ContractValidation } from '@textclass/contract-checks';
import { contractValidationStep } from '../contract/contract-step.js';
import { RouteTemplates } from '../contract/route-templates.js';
import { accessLogLine } from '../middleware/access-log.js';
import { AUTH_FAILURES_PER_MINUTE } from '../../../core/tenancy/authentication.js';
import { authenticate } from '../middleware/auth.js';
import { requestBodies } from '../middleware/body/request-bodies.js';
import { requestCounter } from '../middleware/request-metrics.js';
import { observeRequests } from '../middleware/request-observation.js';
import { securityHeaders } from '../middleware/security-headers.js';
import { metricsRoutes } from '../routes/metrics.js';
import { systemRoutes } from '../routes/system.js';
import { settleHeaders } from '../shared/lane-headers.js';
import { SAME, type PipelineStep } from '../shared/request-steps.js';
import type { AppServices } from '../shared/services.js';

/** What the steps are built from, beside the services (the app's options carry them). */
export interface PipelineOptions {
  logger: Logger;
  bodyLimitBytes: number;
  /** Failed authentications allowed per client address and minute (default AUTH_FAILURES_PER_MINUTE). */
  authFailuresPerMinute?: number;
  /** Browser origins allowed by CORS; empty or absent: CORS off. */
  corsOrigins?: readonly string[];
  /** Strict-Transport-Security to send; absent: none (a proxy that terminates TLS decides). */
  hsts?: { maxAgeSeconds: number; includeSubDomains: boolean } | undefined;
}

/** The cors package reads and sets headers on the response itself: the lane's collected headers go on it first. */
const settleHeadersStep: RequestHandler = (_req, res, next) => {
  settleHeaders(res);
  next();
};

/**
 * Request id and observation → security headers → CORS → public routes → auth and limits (/v2, /v1) → strict path ids →
 * request bodies → contract validation. Each step is built once: Express and the fast lane run the same instances
 * (or the step's lane form, where the lane reads or validates its narrower requests its own way).
 */
export function requestSteps(
  services: AppServices,
  options: PipelineOptions,
  validation: ContractValidation,
  validateResponses: boolean,
): PipelineStep[] {
  const { metrics } = services;
  const { hsts } = options;
  const corsOrigins = options.corsOrigins ?? [];
  const cors = corsFor(corsOrigins);
  const bodies = requestBodies(options.bodyLimitBytes);
  const publicRoutes = [systemRoutes(services), ...(metrics ? [metricsRoutes(metrics)] : [])];
  return [
    {
      name: 'observe',
      handlers: [
        observeRequests([
          accessLogLine(options.logger),
          ...(metrics ? [requestCounter(metrics, RouteTemplates.fromContract())] : []),
        ]),
      ],
      lane: SAME,
    },
    {
      name: 'security headers',
      handlers: [
        securityHeaders({
          strictTransportSecurity: hsts
            ? { maxAge: hsts.maxAgeSeconds, includeSubDomains: hsts.includeSubDomains }
            : false,
        }),
      ],
      lane: SAME,
    },
    {
      name: 'cors',
      handlers: [cors],
      lane:
        corsOrigins.length > 0
          ? { lane: () => [settleHeadersStep, cors], why: 'the cors package sets headers on the response itself' }
          : { skip: 'no origins: the step passes every request on untouched' },
    },
    {
      name: 'public routes',
      handlers: publicRoutes,
      lane: { skip: 'health, probes, the contract files and /metrics: GET routes, no hot POST among them' },
    },
    {
      name: 'auth and limits',
      mount: ['/v2', '/v1'],
      handlers: [
        authenticate({
          authenticator: services.authenticator,
          limiter: services.limiter,
          authFailuresPerMinute: options.authFailuresPerMinute ?? AUTH_FAILURES_PER_MINUTE,
        }),
      ],
      lane: SAME,
    },
    { name: 'strict path ids', handlers: [strictPathIds()], lane: SAME },
    {
      name: 'request bodies',
      handlers: bodies.express,
      lane: {
        lane: () => [bodies.lane],
        why: 'identity-coded JSON of a declared length, read as body-parser reads it',
      },
    },
    contractValidationStep(validation, validateResponses),
  ];
}
