// A pino logger whose JSON lines a test reads back: the warnings and errors a server under test wrote.
import { Writable } from 'node:stream';
import { createLogger } from '../../src/adapters/observability/logger.js';

export interface CapturedLog {
  logger: ReturnType<typeof createLogger>;
  /** Every line written so far, parsed. */
  lines: Array<Record<string, unknown>>;
}

/** A logger at `level` that keeps its lines in memory. */
export function captureLog(level: 'warn' | 'info' = 'warn'): CapturedLog {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}
