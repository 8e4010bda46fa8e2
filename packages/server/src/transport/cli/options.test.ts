// Every flag made from the settings table overrides its variable, and is then parsed and checked like it.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { SERVER_SETTINGS } from '../../app/settings.js';
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
    expect(() => configFrom({ port: 'ninety' })).toThrow(/PORT must be an integer/);
    expect(() => configFrom({ databaseUrl: 'mysql://db' })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it('leaves a variable alone when its flag is not given', () => {
    expect(envWithFlags({}, { PORT: '7000' }).PORT).toBe('7000');
  });
});
