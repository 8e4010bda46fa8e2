// Public entry of the server's test kit (@textclass/server/testing): the built server as a child process, scratch databases, Redis and nginx children, synthetic encoders.
export { MAIN, runCli, startServerProcess, type ServerProcess } from './server-process.js';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
export { startRedisServer } from './redis-server.js';
export { nginxBinary, startNginx } from './nginx.js';
export { SYNTHETIC_SIZES, writeSyntheticEncoder, type SyntheticSize } from './synthetic-encoder.js';
