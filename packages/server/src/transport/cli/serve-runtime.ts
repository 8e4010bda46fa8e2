// What `textclass serve` runs, loaded when it runs: the whole service (about a second of imports) stays out of every other command's start.
export { createLogger } from '../../adapters/observability/logger.js';
export { startServer } from '../../app/compose/server.js';
export { stopOnSignals } from '../../app/process/signals.js';
export { runPrimary } from '../../app/cluster/run-primary.js';
export { PrimaryLink } from '../../app/cluster/primary-link.js';
export { runOperatorCommand } from './operator-commands.js';
