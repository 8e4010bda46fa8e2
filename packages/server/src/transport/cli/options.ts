// Options shared by CLI commands, made from the settings table: each flag overrides its environment variable
// (`--port` for PORT) by standing in for it, so a flag is parsed and checked exactly like its variable.
import { Option, type Command } from 'commander';
import { loadConfig, type Config, type ConfigOverrides } from '../../app/config/load-config.js';
import { shownDefault, type Setting } from '../../app/config/setting.js';
import { SERVER_SETTINGS, STORAGE_SETTINGS } from '../../app/config/settings.js';
import { ownValue } from '../../core/shared/own-value.js';

/** One option per setting that has a flag; its help names the variable it overrides and the default. */
export function addSettingOptions(command: Command, settings: readonly Setting[]): Command {
  for (const setting of settings) {
    if (setting.flag === undefined) continue;
    command.addOption(
      new Option(setting.flag, `${setting.description} (${setting.env}; default ${shownDefault(setting)})`),
    );
  }
  return command;
}

/** --data-dir, --database-url and --log-level: what every command that opens the database takes. */
export function addStorageOptions(command: Command): Command {
  return addSettingOptions(command, STORAGE_SETTINGS);
}

/**
 * The storage options plus --init, for the commands that run on the database (keys, workspaces, datasets): without
 * --init they refuse to create a database where there is none and say where they looked.
 */
export function addOperatorStorageOptions(command: Command): Command {
  return addStorageOptions(command).option(
    '--init',
    'create the embedded database in the data directory when there is none (serve and migrate always do)',
  );
}

/** Only the storage flags of a command's flags: what reaches the database (or the running server's control socket). */
export const storageFlagsOf = ({ dataDir, databaseUrl, logLevel, init }: StorageFlags): StorageFlags => ({
  dataDir,
  databaseUrl,
  logLevel,
  init,
});

export interface StorageFlags {
  dataDir?: string;
  databaseUrl?: string;
  logLevel?: string;
  /** Operator commands: create the embedded database when there is none (otherwise they refuse). */
  init?: boolean;
}

/**
 * The environment with each given flag's value in place of its variable. An empty value stands for "unset" only where
 * the setting is unset by default (`--database-url ""`: the embedded database); any other flag needs a value, as
 * its variable's empty value would quietly mean the default (`--port ""` served on 8080).
 */
export function envWithFlags(flags: object, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const values = flags as Record<string, unknown>;
  const given = SERVER_SETTINGS.flatMap((setting) => {
    if (setting.flag === undefined) return [];
    const value = ownValue(values, new Option(setting.flag).attributeName());
    if (typeof value !== 'string') return [];
    if (value.trim() === '' && !shownDefault(setting).startsWith('unset')) {
      const name = setting.flag.split(' ')[0];
      throw new Error(
        `${name} needs a value (${setting.env}; default ${shownDefault(setting)}); leave the flag out for the default`,
      );
    }
    return [[setting.env, value] as const];
  });
  return { ...env, ...Object.fromEntries(given) };
}

/** The configuration from the environment, the flags standing in for their variables, then typed overrides. */
export function configFrom(flags: object, overrides: ConfigOverrides = {}): Config {
  return loadConfig(envWithFlags(flags), overrides);
}
