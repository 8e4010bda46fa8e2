// The joint encoder with stand-in parts: vectors are joined with √weight scales and normalised, and the neural part
// reads the gloss of a foreign text but the text itself when it is English.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encoder } from '../../../core/ports/encoders.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { JointEncoder } from './joint-encoder.js';
import { parseJointMetadata, type JointMetadata } from './joint-metadata.js';

const SHA = 'a'.repeat(64);
const metadata = (weights: [number, number]): JointMetadata =>
  parseJointMetadata(
    {
      id: 'joint-test',
      type: 'joint',
      dimension: 3,
      source: 'test',
      parts: [
        { id: 'neural', weight: weights[0] },
        { id: 'table', weight: weights[1] },
      ],
      gloss: { from: 'table', to: 'neural', sha256: SHA, words_sha256: SHA },
      build: {},
    },
    'test',
  );

/** A part that records what it was asked to read and answers a fixed vector. */
class Part implements Encoder, EncoderModel<TokenizedText & { text: string; ids: Int32Array; translated: boolean }> {
  readonly read: string[] = [];
  constructor(
    readonly id: string,
    private readonly vector: number[],
    private readonly rows: Record<string, number[]> = {},
    /** Texts whose words this part reads through a language table (into English rows). */
    private readonly translated: readonly string[] = [],
  ) {}
  get dimension() {
    return this.vector.length;
  }
  tokenize(text: string) {
    this.read.push(text);
    return { text, tokens: 1, ids: Int32Array.from(this.rows[text] ?? []), translated: this.translated.includes(text) };
  }
  async run(entries: readonly unknown[]) {
    return entries.map(() => Float32Array.from(this.vector));
  }
  async embed(texts: string[]) {
    return this.run(texts);
  }
  async warmup() {}
  health() {
    return true;
  }
  async close() {}
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'joint-'));
  const rows = Buffer.alloc(12);
  [0xffffffff, 0, (1 | 0x80000000) >>> 0].forEach((row, i) => rows.writeUInt32LE(row, i * 4));
  await writeFile(join(dir, 'gloss.bin'), rows);
  await writeFile(join(dir, 'gloss-words.json'), JSON.stringify(['parcel', 'package']));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('JointEncoder', () => {
  it('joins the parts’ vectors scaled by √weight, so the cosine is the weighted sum of the parts’ cosines', async () => {
    const neural = new Part('neural', [1, 0]);
    const table = new Part('table', [1]);
    const joint = new JointEncoder(metadata([0.64, 0.36]), dir, [neural, table]);
    const [vector] = await joint.embed(['parcel']);
    expect(Array.from(vector as Float32Array).map((x) => Number(x.toFixed(6)))).toEqual([0.8, 0, 0.6]);
    expect(joint.dimension).toBe(3);
  });

  it('lets the neural part read the gloss of a foreign text and the original of an English one', async () => {
    const neural = new Part('neural', [1, 0]);
    const table = new Part('table', [1], { Paket: [2], parcel: [1] });
    const joint = new JointEncoder(metadata([0.5, 0.5]), dir, [neural, table]);
    await joint.embed(['Paket', 'parcel']);
    expect(table.read).toEqual(['Paket', 'parcel']);
    expect(neural.read).toEqual(['package', 'parcel']);
  });

  it('lets the neural part read the gloss of a translated text whose words all took English rows (Pakket → parcel)', async () => {
    const neural = new Part('neural', [1, 0]);
    const table = new Part('table', [1], { Pakket: [1], parcel: [1] }, ['Pakket']);
    const joint = new JointEncoder(metadata([0.5, 0.5]), dir, [neural, table]);
    await joint.embed(['Pakket', 'parcel']);
    expect(neural.read).toEqual(['parcel', 'parcel']);
  });

  it('refuses parts whose dimensions do not add up to encoder.json’s', () => {
    expect(
      () => new JointEncoder(metadata([0.5, 0.5]), dir, [new Part('neural', [1]), new Part('table', [1])]),
    ).toThrow(/2 dimensions/);
  });
});

describe('parseJointMetadata', () => {
  it('refuses weights that do not sum to 1 and a gloss that names no part', () => {
    expect(() => metadata([0.5, 0.6])).toThrow(/sum to 1.1/);
    const base = { id: 'j', type: 'joint', dimension: 3, source: '', build: {} };
    const parts = [
      { id: 'a', weight: 0.5 },
      { id: 'b', weight: 0.5 },
    ];
    expect(() =>
      parseJointMetadata({ ...base, parts, gloss: { from: 'a', to: 'c', sha256: SHA, words_sha256: SHA } }, 'd'),
    ).toThrow(/two of the parts/);
  });
});
