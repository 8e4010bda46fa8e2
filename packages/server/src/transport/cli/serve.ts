// `textclass serve`: start the API, print its URL and (on first start) the API key.
import { Option, type Command } from 'commander';
import { createLogger } from '../../adapters/observability/logger.js';
import { startServer, stopOnSignals } from '../../app/server.js';
import type { BootstrapResult } from '../../core/tenancy/bootstrap.js';
import { addStorageOptions, configFrom, type StorageFlags } from './options.js';

interface ServeFlags extends StorageFlags {
  port?: string;
  host?: string;
  modelsDir?: string;
  redisUrl?: string;
  defaultEncoder?: string;
  seed: boolean;
}

/** The key is printed only when this start generated it (shown once); a configured key is never echoed. */
function apiKeyLine(bootstrap: BootstrapResult): string {
  if (bootstrap.generated && bootstrap.announcedKey)
    return `  API key:  ${bootstrap.announcedKey}   (shown once: keep it)`;
  if (bootstrap.announcedKey) return '  API key:  the one in TEXTCLASS_API_KEY';
  return '  API key:  the one printed on first start (or set TEXTCLASS_API_KEY, or run `textclass keys create`)';
}

export function registerServeCommand(program: Command): void {
  const serve = program.command('serve').description('serve the HTTP API');
  addStorageOptions(serve)
    .addOption(new Option('--port <port>', 'HTTP port (PORT)'))
    .addOption(new Option('--host <host>', 'bind address (HOST)'))
    .addOption(new Option('--models-dir <dir>', 'encoder and model artifacts (TEXTCLASS_MODELS_DIR)'))
    .addOption(new Option('--redis-url <url>', 'share rate-limit counters across processes in Redis (REDIS_URL)'))
    .addOption(
      new Option('--default-encoder <id>', 'encoder for similarity and the demo models (TEXTCLASS_DEFAULT_ENCODER)'),
    )
    .option('--no-seed', 'do not create the demo models and dataset on a fresh database')
    .action(async (flags: ServeFlags) => {
      const started = performance.now();
      const config = configFrom({
        dataDir: flags.dataDir,
        databaseUrl: flags.databaseUrl,
        logLevel: flags.logLevel,
        modelsDir: flags.modelsDir,
        redisUrl: flags.redisUrl,
        defaultEncoder: flags.defaultEncoder,
        host: flags.host,
        port: flags.port === undefined ? undefined : Number(flags.port),
        seedDemo: flags.seed ? undefined : false,
      });
      const logger = createLogger(config.logLevel);
      const running = await startServer(config, logger);
      stopOnSignals(running, logger);
      await running.ready;
      const { bootstrap } = running.runtime;
      const lines = [
        '',
        `  textclass is ready at ${running.url}  (${Math.round(performance.now() - started)} ms)`,
        `  docs:     ${running.url}/docs`,
        apiKeyLine(bootstrap),
        `  try:      curl -H "Authorization: Bearer <API_KEY>" ${running.url}/v2/models`,
        '',
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
