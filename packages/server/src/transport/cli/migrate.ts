// `textclass migrate`: brings the database (PostgreSQL or the embedded one) to the latest schema and exits.
import type { Command } from 'commander';
import { addStorageOptions, configFrom, type StorageFlags } from './options.js';

export function registerMigrateCommand(program: Command): void {
  addStorageOptions(
    program
      .command('migrate')
      .description('apply the pending database migrations and exit (safe to run again; serve applies them too)'),
  ).action(async (flags: StorageFlags) => {
    const { migrateDatabase } = await import('../../app/compose/cli-runtime.js');
    const { kind, where, applied } = await migrateDatabase(configFrom(flags));
    const what = applied.length === 0 ? 'up to date' : `applied ${applied.length}: ${applied.join(', ')}`;
    process.stdout.write(`${kind} ${where}: ${what}\n`);
  });
}
