// The settings table and loadConfig agree: every variable the configuration reads is in the table (so --help lists
// it and it gets a flag), and every row of the table is read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variablesReadByConfig } from './config-reads.js';
import { SERVER_SETTINGS } from './settings.js';

const tableNames = new Set(SERVER_SETTINGS.map((setting) => setting.env));

const namesRead = variablesReadByConfig;

/** Variable names written in a source file: `env.NAME`, `env['NAME']` and every TEXTCLASS_* literal. */
function namesIn(relativePath: string): Set<string> {
  const source = readFileSync(new URL(relativePath, import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\bTEXTCLASS_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(match[0]);
  return names;
}

describe('settings table', () => {
  it('lists every variable loadConfig reads', () => {
    expect([...namesRead()].filter((name) => !tableNames.has(name))).toEqual([]);
  });

  it('lists every variable named in the configuration modules', () => {
    const named = new Set([...namesIn('./config.ts'), ...namesIn('../adapters/chat-completions/endpoints-config.ts')]);
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((name) => !tableNames.has(name))).toEqual([]);
  });

  it('has no row that loadConfig ignores', () => {
    const read = namesRead();
    expect(SERVER_SETTINGS.map((setting) => setting.env).filter((name) => !read.has(name))).toEqual([]);
  });

  it('names each variable and each flag once', () => {
    const flags = SERVER_SETTINGS.flatMap((setting) =>
      setting.flag === undefined ? [] : [setting.flag.split(' ')[0]],
    );
    expect(new Set(flags).size).toBe(flags.length);
    expect(tableNames.size).toBe(SERVER_SETTINGS.length);
  });
});
