#!/usr/bin/env node
// The `textclass` command line: serve the API, manage workspaces, API keys and datasets, pull and list encoders, run the model lifecycle.
import { Command } from 'commander';
import { registerDatasetCommands } from './transport/cli/datasets.js';
import { registerEncoderCommands } from './transport/cli/encoders.js';
import { registerKeyCommands } from './transport/cli/keys.js';
import { registerModelCommands } from './transport/cli/models.js';
import { registerServeCommand } from './transport/cli/serve.js';
import { registerWorkspaceCommands } from './transport/cli/workspaces.js';

const program = new Command()
  .name('textclass')
  .description('Self-hostable text classification with a contract-first HTTP API')
  .showHelpAfterError();

registerServeCommand(program);
registerKeyCommands(program);
registerDatasetCommands(program);
registerWorkspaceCommands(program);
registerEncoderCommands(program);
registerModelCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`textclass: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
