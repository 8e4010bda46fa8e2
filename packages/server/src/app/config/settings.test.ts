// The settings table is the one source: loadConfig reads no variable outside it and every row it has, each name and
// flag is declared once, a default is parsed by its own row, and the log masks exactly the secret rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, redactedConfig } from './load-config.js';
import { readSetting } from './setting.js';
import { CLIENT_SETTINGS } from './client-settings.js';
import { SERVER, SERVER_SETTINGS } from './settings.js';

const tableNames = new Set(SERVER_SETTINGS.map((setting) => setting.env));

/** The variables loadConfig looks up, recorded by an environment that logs each lookup (a check, not a source). */
function namesRead(): Set<string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy({} as NodeJS.ProcessEnv, {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
      getOwnPropertyDescriptor(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    }),
  );
  return read;
}

/** Variable names written in a source file: `env.NAME`, `env['NAME']` and every TEXTCLASS_* literal. */
function namesIn(relativePath: string): Set<string> {
  const source = readFileSync(new URL(relativePath, import.meta.url), 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\bTEXTCLASS_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(match[0]);
  return names;
}

describe('settings table', () => {
  it('lists every variable loadConfig reads, and loadConfig reads every row', () => {
    const read = namesRead();
    expect([...read].filter((name) => !tableNames.has(name))).toEqual([]);
    expect([...tableNames].filter((name) => !read.has(name))).toEqual([]);
  });

  it('lists every variable named in the modules that parse settings', () => {
    const named = new Set([
      ...namesIn('./load-config.ts'),
      ...namesIn('./parse-setting.ts'),
      ...namesIn('../../adapters/chat-completions/endpoints-config.ts'),
    ]);
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((name) => !tableNames.has(name))).toEqual([]);
  });

  it('names each variable and each flag once', () => {
    for (const table of [SERVER_SETTINGS, CLIENT_SETTINGS]) {
      const flags = table.flatMap((setting) => (setting.flag === undefined ? [] : [setting.flag.split(' ')[0]]));
      expect(new Set(flags).size).toBe(flags.length);
      expect(new Set(table.map((setting) => setting.env)).size).toBe(table.length);
    }
  });

  it('parses each default with its own row, and treats an empty variable as unset', () => {
    for (const setting of [...SERVER_SETTINGS, ...CLIENT_SETTINGS])
      if (setting.default !== undefined) expect(() => setting.parse(setting.default!), setting.env).not.toThrow();
    expect(loadConfig({}).port).toBe(8080);
    expect(readSetting(SERVER.port, { PORT: '' })).toBe(8080);
    expect(loadConfig({ HOST: '', LOG_LEVEL: '' })).toMatchObject({ host: '0.0.0.0', logLevel: 'info' });
  });

  it('masks in the log exactly the rows marked secret', () => {
    const config = loadConfig({
      TEXTCLASS_API_KEY: 'tc_secret',
      DATABASE_URL: 'postgres://user:pw@db/textclass',
      REDIS_URL: 'redis://:pw@cache:6379',
      TEXTCLASS_CONNECTOR_KEY: 'connector-key-secret',
    });
    const shown = JSON.stringify(redactedConfig(config));
    for (const secret of ['tc_secret', ':pw@', 'user:', 'connector-key-secret']) expect(shown).not.toContain(secret);
    expect(shown).toContain('db/textclass');
    const secretFields = Object.entries(SERVER).flatMap(([field, setting]) =>
      'secret' in setting && field in config ? [field] : [],
    );
    expect(secretFields.sort()).toEqual(['apiKey', 'connectorKey', 'databaseUrl', 'redisUrl']);
  });
});
