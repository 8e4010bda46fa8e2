// The largest requests the contract allows: texts of an exact length, distinct, as long as the body limit lets them be.
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, EMBEDDING_TEXTS_MAX, largestTexts, longText, TEXT_CHARACTERS_MAX } from './long-texts.js';

const bodyBytes = (texts: string[]) => Buffer.byteLength(JSON.stringify({ texts }));

describe('longText', () => {
  it('has exactly the length asked for and says its seed first', () => {
    for (const characters of [1, 100, 4_321, TEXT_CHARACTERS_MAX])
      expect(longText(7, characters)).toHaveLength(characters);
    expect(longText(7, 100).startsWith('#7 ')).toBe(true);
  });

  it('is the same for the same seed and differs between seeds', () => {
    expect(longText(3, 500)).toBe(longText(3, 500));
    expect(longText(3, 500)).not.toBe(longText(4, 500));
  });
});

describe('largestTexts', () => {
  const texts = largestTexts(10_000, EMBEDDING_TEXTS_MAX);

  it('gives that many distinct texts of one length, within the contract’s characters per text', () => {
    expect(texts).toHaveLength(EMBEDDING_TEXTS_MAX);
    expect(new Set(texts).size).toBe(EMBEDDING_TEXTS_MAX);
    const length = texts[0]!.length;
    expect(texts.every((t) => t.length === length)).toBe(true);
    expect(length).toBeLessThanOrEqual(TEXT_CHARACTERS_MAX);
  });

  it('fills the body limit: 10 characters more per text would pass it', () => {
    expect(bodyBytes(texts)).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
    const longer = texts.map((_, i) => longText(10_000 + i, texts[0]!.length + 10));
    expect(bodyBytes(longer)).toBeGreaterThan(BODY_LIMIT_BYTES);
  });

  it('stops at the contract’s maximum when the body limit is far away', () => {
    expect(largestTexts(1, 2).map((t) => t.length)).toEqual([TEXT_CHARACTERS_MAX, TEXT_CHARACTERS_MAX]);
  });
});
