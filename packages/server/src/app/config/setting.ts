// One setting: its environment variable, flag, default, parser, secrecy and meaning; how its value is read and how
// rows read in --help. The tables are settings.ts (the server's) and client-settings.ts (the client commands').
import { ownValue } from '../../core/shared/own-value.js';

export interface Setting<T = unknown> {
  /** The environment variable. */
  env: string;
  /** The flag (`--name <value>`) that overrides the variable; undefined for secrets, which stay out of argv. */
  flag?: string;
  /** The text used when the variable is unset or empty; undefined: the setting is unset by default. */
  default?: string;
  /** What --help and the reference show as the default when the text alone does not say it. */
  shownDefault?: string;
  /** The value from the variable's (or the default's) text; throws, naming the variable, on text it refuses. */
  parse: (raw: string) => T;
  /** How logs show it: `value` masked whole, `url` with its credentials masked; unset: as it is. */
  secret?: 'value' | 'url';
  description: string;
}

/** What a row shows as its default: its shown text, its default text, or "unset". */
export const shownDefault = (setting: Setting): string => setting.shownDefault ?? setting.default ?? 'unset';

/** The row's value in `env`: its text parsed, the default's when the variable is unset or empty. */
export function readSetting<T>(setting: Setting<T> & { default: string }, env?: NodeJS.ProcessEnv): T;
export function readSetting<T>(setting: Setting<T>, env?: NodeJS.ProcessEnv): T | undefined;
export function readSetting<T>(setting: Setting<T>, env: NodeJS.ProcessEnv = process.env): T | undefined {
  const given = ownValue(env, setting.env);
  const raw = given === undefined || given === '' ? setting.default : given;
  return raw === undefined ? undefined : setting.parse(raw);
}

/** The settings as aligned help lines: `VARIABLE  --flag <value>  default  meaning`. */
export function settingsHelp(settings: readonly Setting[]): string {
  const width = (pick: (s: Setting) => string) => Math.max(...settings.map((s) => pick(s).length));
  const flagText = (s: Setting) => s.flag ?? '(environment only)';
  const [envWidth, flagWidth] = [width((s) => s.env), width(flagText)];
  return settings
    .map(
      (s) =>
        `  ${s.env.padEnd(envWidth)}  ${flagText(s).padEnd(flagWidth)}  ${s.description} (default: ${shownDefault(s)})`,
    )
    .join('\n');
}
