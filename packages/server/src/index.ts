// Public entry of @textclass/server: one typed config from the environment, and the HTTP server started and stopped over it.
export { loadConfig, type Config, type ConfigOverrides } from './app/config.js';
export { startServer, stopOnSignals, type RunningServer } from './app/server.js';
