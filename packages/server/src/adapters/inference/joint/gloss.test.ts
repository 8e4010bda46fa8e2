// The gloss: English rows read as themselves (no gloss needed), other languages' rows as their English words.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gloss } from './gloss.js';

const FOREIGN = 0x8000_0000;
const NONE = 0xffff_ffff;
let dir: string;

async function writeGloss(rows: number[], words: unknown): Promise<void> {
  const bytes = Buffer.alloc(rows.length * 4);
  rows.forEach((row, i) => bytes.writeUInt32LE(row >>> 0, i * 4));
  await writeFile(join(dir, 'gloss.bin'), bytes);
  await writeFile(join(dir, 'gloss-words.json'), JSON.stringify(words));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gloss-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Gloss', () => {
  it('renders other languages’ rows as English words and leaves English text alone', async () => {
    // rows: 0 padding, 1 "parcel", 2 "not", 3 German "Paket" → parcel, 4 German "angekommen" → arrived
    await writeGloss([NONE, 0, 1, (0 | FOREIGN) >>> 0, (2 | FOREIGN) >>> 0], ['parcel', 'not', 'arrived']);
    const gloss = await Gloss.load(dir);
    expect(gloss.render([3, 2, 4])).toBe('parcel not arrived');
    expect(gloss.render([1, 2])).toBeUndefined();
    expect(gloss.render([0, 3, 99])).toBe('parcel');
  });

  it('renders English rows too when the text was translated (words read through a language table), nothing for no word', async () => {
    await writeGloss([NONE, 0, 1, (0 | FOREIGN) >>> 0], ['parcel', 'not']);
    const gloss = await Gloss.load(dir);
    expect(gloss.render([1, 2], true)).toBe('parcel not');
    expect(gloss.render([1, 2], false)).toBeUndefined();
    expect(gloss.render([0, 99], true)).toBeUndefined();
  });

  it('renders words of any script and length from its UTF-8 pool, an empty word as an empty place', async () => {
    const words = ['café', '日本', '🙂', '', 'x'.repeat(3000)];
    await writeGloss([NONE, ...words.map((_, i) => (i | FOREIGN) >>> 0)], words);
    const gloss = await Gloss.load(dir);
    expect(gloss.render([1, 2, 3])).toBe('café 日本 🙂');
    expect(gloss.render([4, 1, 4])).toBe(' café ');
    const long = gloss.render([5, 1, 5]);
    expect(long).toBe(`${'x'.repeat(3000)} café ${'x'.repeat(3000)}`);
    expect(gloss.render([2, 0, 2])).toBe('日本 日本');
    expect(long).toHaveLength(6006);
  });

  it('keeps rows of a word list of 65,535 words or more in 32 bits', async () => {
    const words = Array.from({ length: 70_000 }, (_, i) => `w${i}`);
    await writeGloss([NONE, 69_999, (65_535 | FOREIGN) >>> 0, (0 | FOREIGN) >>> 0], words);
    const gloss = await Gloss.load(dir);
    expect(gloss.render([0, 1, 2, 3])).toBe('w69999 w65535 w0');
    expect(gloss.render([0, 1])).toBeUndefined();
  });

  it('refuses a table that points past its word list', async () => {
    await writeGloss([NONE, 5], ['parcel']);
    await expect(Gloss.load(dir)).rejects.toThrow(/past the word list/);
  });

  it('refuses a word list that is not a list of strings', async () => {
    await writeGloss([NONE, 0], { parcel: 0 });
    await expect(Gloss.load(dir)).rejects.toThrow(/not a list of words/);
    await writeGloss([NONE, 0], ['par\ud800cel']);
    await expect(Gloss.load(dir)).rejects.toThrow(/not a list of words/);
  });
});
