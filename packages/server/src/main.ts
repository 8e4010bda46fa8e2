#!/usr/bin/env node
// The `textclass` command line: serve the API, manage workspaces, API keys and datasets, pull and list encoders, run the model lifecycle.
import { createRequire } from 'node:module';
import { Command } from 'commander';
import { settingsHelp } from './app/config/setting.js';
import { CLIENT_SETTINGS } from './app/config/client-settings.js';
import { SERVER_SETTINGS } from './app/config/settings.js';
import { registerDatasetCommands } from './transport/cli/datasets.js';
import { registerEncoderCommands } from './transport/cli/encoders.js';
import { registerKeyCommands } from './transport/cli/keys.js';
import { registerConnectorCommands } from './transport/cli/connectors.js';
import { registerMigrateCommand } from './transport/cli/migrate.js';
import { registerModelCommands } from './transport/cli/models.js';
import { registerServeCommand } from './transport/cli/serve.js';
import { registerWorkspaceCommands } from './transport/cli/workspaces.js';
import { requestJsonOutput } from './transport/cli/output-mode.js';

/** This package's version: package.json sits one level above both src/ and dist/. */
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const program = new Command()
  .name('textclass')
  .description('Self-hostable text classification with a contract-first HTTP API')
  .version(version, '-V, --version', 'print the version')
  // Program options only before the command, so `models deploy --version 2` stays the command's own option.
  .enablePositionalOptions()
  .showHelpAfterError()
  .hook('preAction', (_program, command) => requestJsonOutput(command.opts().json === true))
  .addHelpText(
    'after',
    [
      '',
      'Settings of serve (and of the database commands), each an environment variable that its flag overrides:',
      settingsHelp(SERVER_SETTINGS),
      '',
      'Settings of the commands that talk to a running server or to the encoder hub:',
      settingsHelp(CLIENT_SETTINGS),
    ].join('\n'),
  );

registerServeCommand(program);
registerMigrateCommand(program);
registerKeyCommands(program);
registerDatasetCommands(program);
registerWorkspaceCommands(program);
registerEncoderCommands(program);
registerModelCommands(program);
registerConnectorCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`textclass: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
