// Character n-gram overlap: case, accents and punctuation do not count; nothing shared gives 0.
import { describe, expect, it } from 'vitest';
import { charNgrams, ngramOverlap, normalizeSurface } from './char-ngrams.js';

describe('character n-gram overlap', () => {
  it('is 1 for texts that differ only in case, accents of width and punctuation', () => {
    expect(ngramOverlap(charNgrams('Hello, World!'), charNgrams('hello world'))).toBe(1);
  });

  it('is 0 for texts with no shared trigram and for two empty texts', () => {
    expect(ngramOverlap(charNgrams('abc'), charNgrams('xyz'))).toBe(0);
    expect(ngramOverlap(charNgrams(''), charNgrams(''))).toBeGreaterThanOrEqual(0);
  });

  it('rises with shared surface and handles non-Latin scripts', () => {
    const base = charNgrams('refund my payment');
    expect(ngramOverlap(base, charNgrams('refund the payment'))).toBeGreaterThan(
      ngramOverlap(base, charNgrams('reset my password')),
    );
    expect(ngramOverlap(charNgrams('返金してください'), charNgrams('返金をお願いします'))).toBeGreaterThan(0);
    expect(normalizeSurface('ＡＢＣ')).toBe('abc');
  });
});
