// How the server would run its encoder with this environment: the shape the benches' "as served" ceilings take.
import { loadConfig } from '@textclass/server';
import type { ServedShape } from '@textclass/model-tools';

/** TEXTCLASS_ENCODER_WORKERS and TEXTCLASS_BATCHES_IN_FLIGHT as the server reads them from `env`. */
export function servedShape(env: NodeJS.ProcessEnv = process.env): ServedShape {
  const config = loadConfig(env);
  return { encoderWorkers: config.encoderWorkers, inFlight: config.batchesInFlight };
}
