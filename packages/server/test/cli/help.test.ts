// `textclass --version` and the help texts: every setting appears with its variable, each flag next to it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SETTINGS } from '../../src/app/config/client-settings.js';
import { SERVER_SETTINGS } from '../../src/app/config/settings.js';
import { runCli } from '../../src/testing/index.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('textclass help', () => {
  it('prints the package version', async () => {
    expect(await runCli(['--version'], {})).toBe(version);
    expect(await runCli(['-V'], {})).toBe(version);
  });

  it('serve --help names every server setting: its flag with the variable, or the variable alone', async () => {
    const help = oneLine(await runCli(['serve', '--help'], {}));
    for (const setting of SERVER_SETTINGS) {
      expect(help).toContain(setting.env);
      if (setting.flag !== undefined) expect(help).toMatch(new RegExp(`${setting.flag} ((?! --).)*\\(${setting.env};`));
    }
  });

  it('the top-level help lists every setting of every command', async () => {
    const help = await runCli(['--help'], {});
    for (const setting of [...SERVER_SETTINGS, ...CLIENT_SETTINGS])
      expect(help).toMatch(
        new RegExp(`^ +${setting.env} +${(setting.flag ?? '(environment only)').replace(/[()]/g, '\\$&')} `, 'm'),
      );
  });

  it('keeps --version of a command its own option', async () => {
    expect(await runCli(['models', 'deploy', '--help'], {})).toMatch(/--version <n>/);
  });
});
