// Options shared by CLI commands: each overrides its environment variable (decisions.md, Configuration).
import { Option, type Command } from 'commander';
import { loadConfig, type Config, type ConfigOverrides } from '../../app/config.js';

export function addStorageOptions(command: Command): Command {
  return command
    .addOption(new Option('--data-dir <dir>', 'embedded database and artifacts (TEXTCLASS_DATA_DIR)'))
    .addOption(new Option('--database-url <url>', 'PostgreSQL instead of the embedded database (DATABASE_URL)'))
    .addOption(new Option('--log-level <level>', 'pino level (LOG_LEVEL)'));
}

export interface StorageFlags {
  dataDir?: string;
  databaseUrl?: string;
  logLevel?: string;
}

export function configFrom(flags: StorageFlags & ConfigOverrides): Config {
  const overrides: ConfigOverrides = {};
  for (const [key, value] of Object.entries(flags)) {
    if (value !== undefined) (overrides as Record<string, unknown>)[key] = value;
  }
  return loadConfig(process.env, overrides);
}
