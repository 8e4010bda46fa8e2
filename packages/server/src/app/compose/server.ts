// Starts the HTTP server over a composed runtime and shuts it down gracefully (process/signals.ts wires SIGTERM / SIGINT).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpStack } from '../../transport/http/pipeline/express-app.js';
import { composeRuntime, type Runtime } from './runtime.js';
import { redactedConfig, type Config } from '../config/load-config.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { answerClientErrors } from '../../transport/http/errors/client-errors.js';
import { enforceBodyDeadlines } from '../../transport/http/pipeline/body-deadlines.js';
import { IN_MEMORY } from '../../adapters/storage/index.js';
import { startControlSocket, type ControlSocket } from './control-socket.js';
import type { RunOperatorCommand } from './operator-command.js';
import { startTracing } from '../../adapters/observability/start-tracing.js';
import type { Tracing } from '../../adapters/observability/tracing.js';
import { tracedRequests } from '../../transport/http/pipeline/traced-requests.js';
import { RouteTemplates } from '../../transport/http/contract/route-templates.js';
import type { WorkerLink } from '../cluster/primary-link.js';
import { unboundedArenasHint } from '../process/malloc-arenas.js';

export interface RunningServer {
  url: string;
  runtime: Runtime;
  server: Server;
  /** Resolves once encoders are warm and the demo content is seeded. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * `cluster`: this process is one worker of `serve --workers N` (see cluster/primary-link.ts).
 * `options.fastLane: false`: every request through Express (the differential test's reference).
 * `options.operatorCommands`: what the control socket runs (`textclass serve` hands it the CLI's operator commands);
 * without it there is no control socket.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  cluster?: WorkerLink,
  options: { fastLane?: boolean; operatorCommands?: RunOperatorCommand } = {},
): Promise<RunningServer> {
  logger.info({ config: redactedConfig(config) }, 'starting');
  const arenasHint = unboundedArenasHint(process.env, process.platform);
  if (arenasHint !== undefined && cluster === undefined) logger.info(arenasHint);
  const tracing = await startTracing(config.tracing, logger);
  if (config.tracing)
    logger.info({ tracing: redactedConfig(config).tracing }, 'tracing on: spans go out over OTLP/HTTP');
  const runtime = await composeRuntime(config, logger, tracing, cluster);
  const { listener, serverOptions } = createHttpStack(runtime.services, {
    logger,
    bodyLimitBytes: config.bodyLimitBytes,
    validateResponses: config.validateResponses,
    authFailuresPerMinute: config.authFailuresPerMinute,
    corsOrigins: config.corsOrigins,
    hsts: config.hsts,
    fastLane: options.fastLane,
  });
  const server = createServer(serverOptions, tracedRequests(listener, tracing, RouteTemplates.fromContract()));
  server.listen(config.port, config.host);
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  // Slowloris on headers stays Node's to cut; bodies time out on idleness (uploads) or total time (the rest) instead.
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  enforceBodyDeadlines(server, { idleMs: config.bodyIdleTimeoutMs, requestMs: config.requestTimeoutMs, logger });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  // The embedded database is this process's alone: the CLI's key and workspace commands come through here.
  const run = options.operatorCommands;
  const control =
    run !== undefined && runtime.database.kind === 'pglite' && config.dataDir !== IN_MEMORY
      ? await startControlSocket(config.dataDir, (op) => run(runtime.repos, config.apiKey, op), logger)
      : undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= closeGracefully(server, runtime, tracing, logger, control));
  return { url, runtime, server, ready: runtime.ready, stop };
}

async function closeGracefully(
  server: Server,
  runtime: Runtime,
  tracing: Tracing,
  logger: Logger,
  control: ControlSocket | undefined,
): Promise<void> {
  logger.info('shutting down: finishing in-flight requests');
  await control?.close();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  timer.unref();
  await closed;
  clearTimeout(timer);
  await runtime.ready.catch(() => undefined);
  await runtime.close();
  // The spans of the last requests are still buffered: export them before the process ends.
  await tracing.shutdown().catch((err: unknown) => logger.warn({ err }, 'exporting the last spans failed'));
  logger.info('shut down cleanly');
}
