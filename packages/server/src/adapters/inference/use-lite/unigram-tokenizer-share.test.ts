// USE-lite's float and int8 encoders ship the same tokenizer.json: one trie serves both while either is in use.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUnigramTokenizer } from './unigram-transformer.js';

const file = (pieces: Array<[string, number]>) =>
  JSON.stringify({ model: 'unigram', reserved: 1, max_length: 16, pieces: [['<unk>', 0], ...pieces] });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-unigram-'));
  await writeFile(join(dir, 'a.json'), file([['▁refund', -1]]));
  await writeFile(join(dir, 'b.json'), file([['▁refund', -1]]));
  await writeFile(
    join(dir, 'c.json'),
    file([
      ['▁refund', -1],
      ['▁not', -2],
    ]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('readUnigramTokenizer', () => {
  it('gives two files with the same bytes one tokenizer, and a file with other bytes its own', async () => {
    const a = await readUnigramTokenizer(join(dir, 'a.json'));
    const b = await readUnigramTokenizer(join(dir, 'b.json'));
    const c = await readUnigramTokenizer(join(dir, 'c.json'));
    expect(b.tokenizer).toBe(a.tokenizer);
    expect(c.tokenizer).not.toBe(a.tokenizer);
    expect(a.maxLength).toBe(16);
    expect(c.maxLength).toBe(16);
  });
});
