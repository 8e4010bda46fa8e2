// The pipeline's contract-validation step: the validator's middleware on Express, its compiled functions run directly on the fast lane.
import type { PipelineStep } from '../shared/request-steps.js';
import { laneContractValidation } from './lane-validation.js';
import type { ContractValidation } from '@textclass/contract-checks';

export function contractValidationStep(validation: ContractValidation, validateResponses: boolean): PipelineStep {
  const { middleware, internals } = validation;
  return {
    name: 'contract validation',
    handlers: middleware,
    lane: internals.ok
      ? {
          lane: () => [
            laneContractValidation(internals.internals, middleware, validation.requestValidator, !validateResponses),
          ],
          why: "the validator's own compiled functions for the route (kept per route), without its per-request wrapping",
        }
      : {
          lane: () => middleware,
          why: "the internals moved: the validator's middleware as it is (the lane stays off)",
        },
  };
}
