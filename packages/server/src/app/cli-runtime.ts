// Runs a CLI operator command against the database directly (no HTTP), or through the running embedded server that holds it.
import { createLogger } from '../adapters/observability/logger.js';
import {
  createRepositories,
  DirectoryLockedError,
  NoEmbeddedDatabaseError,
  openDatabase,
} from '../adapters/storage/index.js';
import { printJson, printRows } from '../transport/cli/api-client.js';
import { configFrom, type StorageFlags } from '../transport/cli/options.js';
import { jsonOutput } from '../transport/cli/output-mode.js';
import { sendToControlSocket } from './control-socket.js';
import { runOperatorCommand, type CommandOutput, type OperatorCommand } from './operator-commands.js';

export type { OperatorCommand } from './operator-commands.js';

async function runOnDatabase(flags: StorageFlags, op: OperatorCommand): Promise<CommandOutput> {
  const config = configFrom(flags);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
    createIfMissing: flags.init === true,
  }).catch((error: unknown) => {
    if (!(error instanceof NoEmbeddedDatabaseError)) throw error;
    throw new Error(
      `no textclass database in ${error.location}: run the command where \`textclass serve\` keeps its data, or ` +
        'name it with --data-dir DIR (TEXTCLASS_DATA_DIR) or --database-url (DATABASE_URL); --init creates a new one there',
    );
  });
  try {
    return await runOperatorCommand(createRepositories(database.db), config.apiKey, op);
  } finally {
    await database.close();
  }
}

/** Opens the database, which applies the pending migrations, and closes it: what `textclass migrate` runs. */
export async function migrateDatabase(
  flags: StorageFlags,
): Promise<{ kind: string; where: string; applied: string[] }> {
  const config = configFrom(flags);
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await database.close();
  return { kind: database.kind, where: database.where, applied: database.migrationsApplied };
}

/**
 * Runs the command and prints its output. When a running `textclass serve` holds the embedded database, the
 * command runs in that server through its control socket instead, with the same output.
 */
export async function runCliCommand(flags: StorageFlags, op: OperatorCommand): Promise<void> {
  let output: CommandOutput;
  try {
    output = await runOnDatabase(flags, op);
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    const viaServer = await sendToControlSocket(configFrom(flags).dataDir, op);
    if (viaServer === undefined) throw error;
    output = viaServer;
  }
  printOutput(op, output.stdout);
  process.stderr.write(output.stderr);
}

/** JSON lines as they came for scripts; on a terminal, a list command's lines as one table and one object as a record. */
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
