// Every flag made from the settings table overrides its variable, and is then parsed and checked like it.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { SERVER_SETTINGS } from '../../app/config/settings.js';
import { loadConfig } from '../../app/config/load-config.js';
import { addSettingOptions, configFrom, envWithFlags } from './options.js';

describe('setting flags', () => {
  it.each(SERVER_SETTINGS.filter((setting) => setting.flag !== undefined))('$flag stands in for $env', (setting) => {
    const command = addSettingOptions(new Command().exitOverride(), SERVER_SETTINGS);
    command.parse([setting.flag!.split(' ')[0]!, 'from-the-flag'], { from: 'user' });
    const env = envWithFlags(command.opts(), { [setting.env]: 'from-the-environment', OTHER: 'kept' });
    expect(env[setting.env]).toBe('from-the-flag');
    expect(env.OTHER).toBe('kept');
  });

  it('parses a flag like its variable, checks included', () => {
    expect(configFrom({ port: '9000', batchMaxTexts: '8', metrics: 'false' })).toMatchObject({
      port: 9000,
      batchMaxTexts: 8,
      metrics: false,
    });
    expect(() => configFrom({ port: 'ninety' })).toThrow(/PORT \(--port\) must be a decimal whole number/);
    expect(() => configFrom({ databaseUrl: 'mysql://db' })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it('takes only a decimal port from 0 to 65535, naming the option', () => {
    for (const port of ['0', '80', '08080', '65535']) expect(configFrom({ port }).port).toBe(Number(port));
    for (const port of ['0x50', '0o120', '0b1010000', '8e1', '80.0', ' 80', '80 ', '+80', '-1', '65536', '1e3', '٨٠'])
      expect(() => configFrom({ port }), port).toThrow(
        `PORT (--port) must be a decimal whole number from 0 to 65535, got "${port}"`,
      );
    expect(() => loadConfig({ PORT: '0x50' })).toThrow(/PORT \(--port\) must be a decimal whole number/);
  });

  it('refuses an empty flag value unless the setting is unset by default', () => {
    expect(() => configFrom({ port: '' })).toThrow(
      '--port needs a value (PORT; default 8080); leave the flag out for the default',
    );
    expect(() => configFrom({ dataDir: ' ' })).toThrow(/--data-dir needs a value/);
    expect(() => configFrom({ workers: '' })).toThrow(/--workers needs a value/);
    expect(envWithFlags({ databaseUrl: '' }, { DATABASE_URL: 'postgres://db/textclass' }).DATABASE_URL).toBe('');
    expect(configFrom({ databaseUrl: '' }).databaseUrl).toBeUndefined();
  });

  it('leaves a variable alone when its flag is not given', () => {
    expect(envWithFlags({}, { PORT: '7000' }).PORT).toBe('7000');
  });
});
