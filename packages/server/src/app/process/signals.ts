// SIGTERM / SIGINT: a graceful stop of whatever runs in this process, then exit (0 once stopped, 1 if stopping failed).
import type { Logger } from '../../adapters/observability/logger.js';

/** Wires SIGTERM / SIGINT to a graceful stop, then exits. */
export function stopOnSignals(running: { stop(): Promise<void> }, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'signal received');
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
