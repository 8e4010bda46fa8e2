// The "as served" shape the benches measure the encoder in follows the server's own settings.
import { describe, expect, it } from 'vitest';
import { servedShape } from './served-shape.js';

describe('servedShape', () => {
  it('reads the worker sessions and the calls in flight as the server reads them', () => {
    expect(servedShape({ TEXTCLASS_ENCODER_WORKERS: '3', TEXTCLASS_BATCHES_IN_FLIGHT: '1' })).toEqual({
      encoderWorkers: 3,
      inFlight: 1,
    });
  });

  it('is the server’s defaults when neither is set: two sessions, two calls at once', () => {
    expect(servedShape({})).toEqual({ encoderWorkers: 2, inFlight: 2 });
  });
});
