// The committed configuration reference is what the settings table renders today (no drift), and lists every row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSettingsReference, SETTINGS_REFERENCE_PATH } from './settings-reference.js';
import { CLIENT_SETTINGS } from './client-settings.js';
import { SERVER_SETTINGS } from './settings.js';

const committed = readFileSync(new URL(`../../../../../${SETTINGS_REFERENCE_PATH}`, import.meta.url), 'utf8');

describe('the settings reference', () => {
  it('matches the settings table (run `npm run generate` after changing it)', () => {
    expect(committed).toBe(renderSettingsReference());
  });

  it('has a row for every setting', () => {
    for (const setting of [...SERVER_SETTINGS, ...CLIENT_SETTINGS])
      expect(committed).toContain(`| \`${setting.env}\` |`);
  });
});
