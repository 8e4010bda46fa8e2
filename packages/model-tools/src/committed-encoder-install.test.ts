// Unpacking a committed gzipped encoder: installs, reports up-to-date on a second run, refuses a corrupted archive.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { installCommittedEncoder, StaticEncoder } from '@textclass/server/inference';
import { writeStaticEncoder } from './static-encoder-writer.js';

const root = mkdtempSync(join(tmpdir(), 'committed-encoder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function committed(dir: string): Promise<void> {
  const built = join(root, 'built');
  await writeStaticEncoder({
    dir: built,
    id: 'tiny-multi',
    source: 'test',
    words: ['hello', 'world'],
    dimension: 2,
    vectors: Float32Array.from([0, 0, 1, 0, 0, 1]),
    storage: 'int8',
    languages: { de: { script: 'latin', vocab: { welt: 2 }, stems: {}, stemmer: 'german', compounds: false } },
  });
  for (const name of ['model.onnx', 'tokenizer.json'])
    writeFileSync(join(dir, `${name}.gz`), gzipSync(readFileSync(join(built, name))));
  writeFileSync(join(dir, 'encoder.json'), readFileSync(join(built, 'encoder.json')));
}

describe('installCommittedEncoder', () => {
  it('unpacks the files, checks them, and skips a current copy', async () => {
    const source = mkdtempSync(join(root, 'src-'));
    await committed(source);
    const out = join(root, 'out');
    expect(await installCommittedEncoder(source, out)).toBe('installed');
    expect(await installCommittedEncoder(source, out)).toBe('up-to-date');
    const encoder = await StaticEncoder.open(out);
    const [hello, welt] = await encoder.embed(['hello', 'die Welt']);
    expect([...(hello as Float32Array)]).toEqual([1, 0]);
    expect([...(welt as Float32Array)]).toEqual([0, 1]);
    await encoder.close();
  });

  it('refuses an archive that does not match encoder.json', async () => {
    const source = mkdtempSync(join(root, 'bad-'));
    await committed(source);
    writeFileSync(join(source, 'tokenizer.json.gz'), gzipSync(Buffer.from('{}')));
    await expect(installCommittedEncoder(source, join(root, 'bad-out'))).rejects.toThrow(/does not match the checksum/);
  });
});
