// `textclass serve`: start the API, print its URL and (on first start) the API key.
import type { Command } from 'commander';
import { createLogger } from '../../adapters/observability/logger.js';
import { startServer, stopOnSignals } from '../../app/server.js';
import type { BootstrapResult } from '../../core/tenancy/bootstrap.js';
import { SERVER_SETTINGS, settingsHelp } from '../../app/settings.js';
import { addSettingOptions, configFrom } from './options.js';

/** The setting flags (strings, checked by loadConfig like their variables) and --no-seed. */
interface ServeFlags {
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
  const serve = program
    .command('serve')
    .description('serve the HTTP API; every flag overrides its environment variable');
  addSettingOptions(serve, SERVER_SETTINGS)
    .option('--no-seed', 'do not create the demo models and dataset on a fresh database')
    .addHelpText(
      'after',
      `\nSettings without a flag (secrets stay out of the command line):\n${settingsHelp(SERVER_SETTINGS.filter((setting) => setting.flag === undefined))}`,
    )
    .action(async (flags: ServeFlags) => {
      const started = performance.now();
      const config = configFrom(flags, flags.seed ? {} : { seedDemo: false });
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
