// Public entry of @textclass/server: one typed config from the environment, and the HTTP server started and stopped over it.
export { loadConfig, type Config, type ConfigOverrides } from './app/config/load-config.js';
export { startServer, type RunningServer } from './app/compose/server.js';
export { stopOnSignals } from './app/process/signals.js';
