// Streaming reader of the wink-embeddings JSON layout, on a small file read in tiny chunks.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWinkVectors } from './wink-vectors.js';

let dir: string;
let path: string;
const words = ['the', ',', 'café', 'say "hi"', 'dog', 'zebra'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-wink-'));
  path = join(dir, 'wink.json');
  const vectors = Object.fromEntries(words.map((w, i) => [w, [i + 0.5, -(i + 0.25), 1.5, i]]));
  await writeFile(
    path,
    JSON.stringify({
      precision: 8,
      l2NormIndex: 2,
      wordIndex: 3,
      size: words.length,
      dimensions: 2,
      words,
      vectors,
      unkVector: [0, 0, 0, -1],
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readWinkVectors', () => {
  it.each([3, 7, 64, 1 << 20])('reads the chosen words with %i-byte chunks', async (chunkBytes) => {
    const result = await readWinkVectors(
      path,
      (header) => {
        expect(header).toEqual({ dimension: 2, words });
        return ['dog', 'café', 'say "hi"'];
      },
      { chunkBytes },
    );
    expect(result.words).toEqual(['dog', 'café', 'say "hi"']);
    expect([...result.table]).toEqual([0, 0, 4.5, -4.25, 2.5, -2.25, 3.5, -3.25]);
  });

  it('fails when a chosen word has no vector', async () => {
    await expect(readWinkVectors(path, () => ['dog', 'unicorn'])).rejects.toThrow(/no vector for 1 words/);
  });
});
