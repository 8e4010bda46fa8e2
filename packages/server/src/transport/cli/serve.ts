// `textclass serve`: start the API (one process, or --workers N sharing the port), print its URL and (on first start) the API key.
import cluster from 'node:cluster';
import type { Command } from 'commander';
import { revokedKeyNotice, type BootstrapResult } from '../../core/tenancy/bootstrap.js';
import { settingsHelp } from '../../app/config/setting.js';
import { SERVER_SETTINGS } from '../../app/config/settings.js';
import { addSettingOptions, configFrom } from './options.js';
import { textclassCommand } from './command-hint.js';
import { consoleBuilt, consoleDistDir } from '../http/routes/console-assets.js';

/** The setting flags (strings, checked by loadConfig like their variables) and --no-seed. */
interface ServeFlags {
  seed: boolean;
}

/** The key is printed only when this start generated it (shown once); a configured key is never echoed. */
function apiKeyLine(bootstrap: BootstrapResult, dataDir: string): string {
  if (bootstrap.generated && bootstrap.announcedKey)
    return `  API key:  ${bootstrap.announcedKey}   (shown once: keep it)`;
  if (bootstrap.configuredKeyRevokedAt) return `  API key:  ${revokedKeyNotice(bootstrap.configuredKeyRevokedAt)}`;
  if (bootstrap.announcedKey) return '  API key:  the one in TEXTCLASS_API_KEY';
  return `  API key:  the one printed on first start (lost it? \`${textclassCommand('keys create --role admin', dataDir)}\` prints a new one)`;
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
      const { createLogger, PrimaryLink, runOperatorCommand, runPrimary, startServer, stopOnSignals } =
        await import('./serve-runtime.js');
      const logger = createLogger(config.logLevel);
      const elapsed = () => Math.round(performance.now() - started);
      if (config.workers > 1 && cluster.isPrimary) {
        // The workers run this same command line; the primary prints the URL and key once, when all of them serve.
        runPrimary(config, logger, (reports) => {
          const first = reports[0]!;
          const keyLine = (reports.find((report) => report.keyGenerated) ?? first).apiKeyLine;
          announce(first.url, `${elapsed()} ms, ${reports.length} workers`, keyLine);
        });
        return;
      }
      const link = config.workers > 1 ? new PrimaryLink() : undefined;
      const log = link ? logger.child({ worker: cluster.worker?.id, pid: process.pid }) : logger;
      const running = await startServer(config, log, link, { operatorCommands: runOperatorCommand });
      stopOnSignals(running, log);
      await running.ready;
      const { bootstrap } = running.runtime;
      if (link) link.ready(running.url, apiKeyLine(bootstrap, config.dataDir), bootstrap.generated);
      else announce(running.url, `${elapsed()} ms`, apiKeyLine(bootstrap, config.dataDir));
    });
}

/** The lines a person reads once the service serves. */
function announce(url: string, took: string, keyLine: string): void {
  const lines = [
    '',
    `  textclass is ready at ${url}  (${took})`,
    `  docs:     ${url}/docs`,
    `  guides:   ${url}/guides/`,
    `  console:  ${url}/console${consoleBuilt(consoleDistDir()) ? '' : '  (not built: npm run build -w @textclass/console)'}`,
    keyLine,
    `  try:      curl -H "Authorization: Bearer <API_KEY>" ${url}/v2/models`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
