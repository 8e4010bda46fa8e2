// Clause features: where a text splits into its opening clause and the rest, and the rows a 'text+clauses' head reads.
import { describe, expect, it } from 'vitest';
import { clauseFeatures, clauseParts, featureRow } from './clause-features.js';

describe('clauseParts', () => {
  it('splits at the first comma, semicolon or colon, Latin or CJK', () => {
    expect(clauseParts('Na toll, schon wieder ist der Zug ausgefallen.')).toEqual([
      'Na toll',
      'schon wieder ist der Zug ausgefallen.',
    ]);
    expect(clauseParts('Great; the app crashed: again, twice')).toEqual(['Great', 'the app crashed: again, twice']);
    expect(clauseParts('見た目はいいけど、二日で持ち手が取れました。')).toEqual([
      '見た目はいいけど',
      '二日で持ち手が取れました。',
    ]);
    expect(clauseParts('书包看着挺好，结果两天背带就断了。')).toEqual(['书包看着挺好', '结果两天背带就断了。']);
  });

  it('leaves a text whole without a break, at a decimal comma, or when a side would be empty', () => {
    expect(clauseParts('Where is my parcel?')).toBeNull();
    expect(clauseParts('Der Akku hält 1,5 Tage')).toBeNull();
    expect(clauseParts('Thanks,')).toBeNull();
    expect(clauseParts(', thanks')).toBeNull();
    expect(clauseParts('')).toBeNull();
  });

  it('does not split a time of day or a URL at its colon, but at a colon after them', () => {
    expect(clauseParts('La farmacia apre alle 8:30.')).toBeNull();
    expect(clauseParts('The page https://example.com/help is empty')).toBeNull();
    expect(clauseParts('Delivered at 18:00: nobody rang')).toEqual(['Delivered at 18:00', 'nobody rang']);
    expect(clauseParts('See https://example.com/a, it is down')).toEqual(['See https://example.com/a', 'it is down']);
    expect(clauseParts('Order 12:done')).toEqual(['Order 12', 'done']);
  });
});

describe('featureRow', () => {
  const embedding = Float32Array.of(1, 2);
  const clauses = Float32Array.of(1, 2, 3, 4, 5, 6);

  it('reads the text alone or its clause features, and refuses a clause head an example without them', () => {
    expect(featureRow({ embedding, clauses }, 'text')).toBe(embedding);
    expect(featureRow({ embedding, clauses }, 'text+clauses')).toBe(clauses);
    expect(() => featureRow({ embedding }, 'text+clauses')).toThrow(/clause features/);
  });
});

describe('clauseFeatures', () => {
  /** A vector that names its text: [length, code of the first character]. */
  const vector = (text: string) => Float32Array.of(text.length, text.codePointAt(0) ?? 0);

  it('puts the text, its opening clause and the rest end to end, embedding each distinct clause once', async () => {
    const texts = ['Great, it broke again', 'Great, it broke again', 'Great, it works', 'No break'];
    const calls: string[][] = [];
    const rows = await clauseFeatures(texts, texts.map(vector), async (clauses) => {
      calls.push(clauses);
      return clauses.map(vector);
    });
    expect(calls).toEqual([['Great', 'it broke again', 'it works']]);
    expect(rows.map((r) => [...r])).toEqual([
      [...vector(texts[0]!), ...vector('Great'), ...vector('it broke again')],
      [...vector(texts[0]!), ...vector('Great'), ...vector('it broke again')],
      [...vector(texts[2]!), ...vector('Great'), ...vector('it works')],
      [...vector('No break'), ...vector('No break'), ...vector('No break')],
    ]);
  });

  it('embeds nothing more when no text has a break', async () => {
    const texts = ['one', 'two'];
    const rows = await clauseFeatures(texts, texts.map(vector), () => Promise.reject(new Error('not asked')));
    expect(rows.map((r) => r.length)).toEqual([6, 6]);
  });
});
