// Few-shot support drawing: k per label, from one language only, seeded, and the per-language cap.
import type { LabelledEmbedding } from '@textclass/server/core';
import { describe, expect, it } from 'vitest';
import { drawInLanguage, sampleK, trainingPerLabel } from './support.js';

/** Example i carries i in its embedding, so a draw can be traced back to its indices. */
const example = (i: number, label: number): LabelledEmbedding => ({ embedding: Float32Array.of(i), label });
const indexOf = (e: LabelledEmbedding) => e.embedding[0] as number;

// 3 labels; en has 4 per label, de has 2 per label, fr has label 0 only.
const train: LabelledEmbedding[] = [];
const langs: string[] = [];
const add = (lang: string, label: number, n: number) => {
  for (let j = 0; j < n; j++) {
    train.push(example(train.length, label));
    langs.push(lang);
  }
};
for (const label of [0, 1, 2]) add('en', label, 4);
for (const label of [0, 1, 2]) add('de', label, 2);
add('fr', 0, 3);

describe('sampleK', () => {
  it('draws k of each label, the same for the same seed', () => {
    const a = sampleK(train, 3, 2, 7);
    expect(a.map((e) => e.label)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(sampleK(train, 3, 2, 7).map(indexOf)).toEqual(a.map(indexOf));
  });
});

describe('drawInLanguage', () => {
  it('takes only the texts of the language asked for', () => {
    for (const seed of [1, 2, 3]) {
      const drawn = drawInLanguage(train, langs, 'de', 3, 2, seed);
      expect(drawn).toHaveLength(6);
      expect(drawn.every((e) => langs[indexOf(e)] === 'de')).toBe(true);
    }
  });

  it('gives all a label has when k is larger, and nothing for a label absent from the language', () => {
    expect(drawInLanguage(train, langs, 'de', 3, 8, 1)).toHaveLength(6);
    const fr = drawInLanguage(train, langs, 'fr', 3, 2, 1);
    expect(fr.map((e) => e.label)).toEqual([0, 0]);
    expect(drawInLanguage(train, langs, 'ja', 3, 4, 1)).toEqual([]);
  });

  it('varies with the seed and repeats for the same seed', () => {
    const draws = [1, 2, 3, 4, 5, 6].map((seed) => drawInLanguage(train, langs, 'en', 3, 2, seed).map(indexOf).join());
    expect(new Set(draws).size).toBeGreaterThan(1);
    expect(drawInLanguage(train, langs, 'en', 3, 2, 4).map(indexOf).join()).toBe(draws[3]);
  });

  it('refuses languages that do not line up with the examples', () => {
    expect(() => drawInLanguage(train, langs.slice(1), 'en', 3, 2, 1)).toThrow(/languages/);
  });
});

describe('trainingPerLabel', () => {
  it('is the fewest training texts of any label per language, 0 where a label is missing', () => {
    expect([...trainingPerLabel(train, langs, 3)]).toEqual([
      ['de', 2],
      ['en', 4],
      ['fr', 0],
    ]);
  });
});
