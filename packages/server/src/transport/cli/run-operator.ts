// Runs an operator command (keys, workspaces, datasets) where the database is, and prints its output: JSON lines as
// they came for scripts; on a terminal, a list command's lines as one table and one object as a record.
import type { OperatorCommand } from '../../app/compose/operator-command.js';
import { printJson, printRows } from './api-client.js';
import { runOperatorCommand } from './operator-commands.js';
import { configFrom, type StorageFlags } from './options.js';
import { jsonOutput } from './output-mode.js';

export async function runCliCommand(flags: StorageFlags, op: OperatorCommand): Promise<void> {
  // Imported here, not at start: the database and its drivers, imports that the commands talking to a server never need.
  const { runOperatorCommandSomewhere } = await import('../../app/compose/cli-runtime.js');
  const output = await runOperatorCommandSomewhere(configFrom(flags), flags.init === true, runOperatorCommand, op);
  printOutput(op, output.stdout);
  process.stderr.write(output.stderr);
}

function printOutput(op: OperatorCommand, stdout: string): void {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (jsonOutput() || lines.length === 0 || !lines.every((line) => line.startsWith('{'))) {
    process.stdout.write(stdout);
    return;
  }
  const objects: unknown[] = lines.map((line) => JSON.parse(line));
  if (op.command.endsWith('.list')) printRows(objects);
  else objects.forEach(printJson);
}
