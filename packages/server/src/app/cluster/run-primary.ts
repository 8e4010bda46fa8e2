// `textclass serve --workers N` (N > 1) in the primary process: refuse the embedded database, supervise the workers, exit when they are gone.
import type { Config } from '../config/load-config.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { Supervisor, type ReadyReport } from './supervisor.js';

/** The embedded database (PGlite) is one process's by construction: several workers need PostgreSQL. */
export function refuseEmbeddedDatabase(config: Config): void {
  if (config.workers > 1 && config.databaseUrl === undefined)
    throw new Error(
      `TEXTCLASS_WORKERS=${config.workers} (--workers ${config.workers}) needs PostgreSQL: the embedded database in ` +
        `TEXTCLASS_DATA_DIR is opened by one process only. Set DATABASE_URL (or --database-url) to a postgres:// URL ` +
        'to run several workers, or leave --workers at 1.',
    );
}

/**
 * Starts the workers and wires SIGTERM / SIGINT to their drain; `onReady` gets their reports once all serve. The
 * process exits when every worker is gone: 0 after a clean drain, 1 when a worker failed to start or to drain.
 */
export function runPrimary(config: Config, logger: Logger, onReady: (reports: ReadyReport[]) => void): void {
  refuseEmbeddedDatabase(config);
  const supervisor = new Supervisor(config.workers, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => supervisor.stop(signal));
  supervisor.start().then(onReady, (err: unknown) => logger.warn({ err }, 'the service did not start'));
  void supervisor.done.then((code) => {
    logger.info({ code }, code === 0 ? 'all workers stopped cleanly' : 'all workers are gone');
    process.exit(code);
  });
}
