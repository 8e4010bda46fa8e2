// Foreign word vectors from translations: phrase means, position weights, length kept, ranks from the first sense.
import { describe, expect, it } from 'vitest';
import { phraseVector, TranslationAccumulator, type PivotSpace } from './translation-vectors.js';

const vectors: Record<string, [number, number]> = { house: [1, 0], home: [0, 1], big: [0, 2], the: [0.1, 0] };
const space: PivotSpace = {
  dimension: 2,
  lookup: (word) =>
    vectors[word]
      ? { vector: Float32Array.from(vectors[word]), rank: Object.keys(vectors).indexOf(word) + 1 }
      : undefined,
};

describe('translation vectors', () => {
  it('averages the known words of a phrase and needs at least half of them', () => {
    expect([...(phraseVector(space, 'the house')?.vector ?? [])]).toEqual([Math.fround(0.55), 0]);
    expect(phraseVector(space, 'the house')?.rank).toBe(4);
    expect(phraseVector(space, 'house of commons')).toBeUndefined();
  });

  it('weighs earlier senses more and keeps the mean length of the translations', () => {
    const acc = new TranslationAccumulator(2);
    acc.addEntry(space, ['haus'], ['house', 'home']);
    const mean = acc.mean('haus');
    const [x, y] = [...(mean?.vector ?? [])] as [number, number];
    expect(x / y).toBeCloseTo(1.5, 5); // weights 1 and 1 / (1 + 0.5)
    expect(Math.hypot(x, y)).toBeCloseTo(1, 5);
    expect(mean?.rank).toBe(1);
  });

  it('gives the translations of a reversed entry the headword vector, and skips what the tokenizer cannot produce', () => {
    const acc = new TranslationAccumulator(2);
    acc.addReversed(space, 'big', ['groß', 'two words']);
    expect([...(acc.mean('groß')?.vector ?? [])]).toEqual([0, 2]);
    expect(acc.mean('two words')).toBeUndefined();
  });
});
