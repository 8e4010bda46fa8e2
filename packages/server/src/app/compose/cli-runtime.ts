// Runs a CLI operator command against the database directly (no HTTP), or through the running embedded server that
// holds it; transport/cli/run-operator.ts prints what it returns.
import { createLogger } from '../../adapters/observability/logger.js';
import {
  createRepositories,
  DirectoryLockedError,
  NoEmbeddedDatabaseError,
  openDatabase,
} from '../../adapters/storage/index.js';
import type { Config } from '../config/load-config.js';
import { sendToControlSocket } from './control-socket.js';
import type { CommandOutput, OperatorCommand, RunOperatorCommand } from './operator-command.js';

/** `init`: create the embedded database when there is none (otherwise refuse, naming where it looked). */
async function runOnDatabase(
  config: Config,
  init: boolean,
  run: RunOperatorCommand,
  op: OperatorCommand,
): Promise<CommandOutput> {
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
    createIfMissing: init,
  }).catch((error: unknown) => {
    if (!(error instanceof NoEmbeddedDatabaseError)) throw error;
    throw new Error(
      `no textclass database in ${error.location}: run the command where \`textclass serve\` keeps its data, or ` +
        'name it with --data-dir DIR (TEXTCLASS_DATA_DIR) or --database-url (DATABASE_URL); --init creates a new one there',
    );
  });
  try {
    return await run(createRepositories(database.db), config.apiKey, op);
  } finally {
    await database.close();
  }
}

/** Opens the database, which applies the pending migrations, and closes it: what `textclass migrate` runs. */
export async function migrateDatabase(config: Config): Promise<{ kind: string; where: string; applied: string[] }> {
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await database.close();
  return { kind: database.kind, where: database.where, applied: database.migrationsApplied };
}

/**
 * Runs the command and returns its output. When a running `textclass serve` holds the embedded database, the
 * command runs in that server through its control socket instead, with the same output.
 */
export async function runOperatorCommandSomewhere(
  config: Config,
  init: boolean,
  run: RunOperatorCommand,
  op: OperatorCommand,
): Promise<CommandOutput> {
  try {
    return await runOnDatabase(config, init, run, op);
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    const viaServer = await sendToControlSocket(config.dataDir, op);
    if (viaServer === undefined) throw error;
    return viaServer;
  }
}
