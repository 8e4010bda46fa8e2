// `npm run generate` (this package's part): writes docs/reference/settings.md from the settings table; --check exits 1
// when the committed file differs (the settings-reference test makes the same comparison).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderSettingsReference, SETTINGS_REFERENCE_PATH } from '../src/app/config/settings-reference.js';

const target = path.resolve(import.meta.dirname, '../../..', SETTINGS_REFERENCE_PATH);
const expected = renderSettingsReference();
if (process.argv.includes('--check')) {
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== expected) {
    process.stderr.write(`${SETTINGS_REFERENCE_PATH} differs from the settings table: run \`npm run generate\`.\n`);
    process.exit(1);
  }
  process.stdout.write(`${SETTINGS_REFERENCE_PATH} is up to date.\n`);
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, expected);
  process.stdout.write(`Wrote ${SETTINGS_REFERENCE_PATH}.\n`);
}
