// The trigram scorer: each word's padded trigrams looked up by their char codes, summed per language as the model says.
import { describe, expect, it } from 'vitest';
import { buildTrigramModel, TrigramScorer, wordTrigrams, type TrigramModel } from './trigram-model.js';

/** The definition: per trigram of each word, its row of the model or the floor, added in order. */
function reference(model: TrigramModel, words: readonly string[]): Float64Array {
  const scores = new Float64Array(model.languages.length);
  const floor = Float32Array.from(model.floor);
  for (const word of words)
    for (const trigram of wordTrigrams(word)) {
      const row = Object.hasOwn(model.trigrams, trigram)
        ? Float32Array.from(model.trigrams[trigram] as number[])
        : floor;
      row.forEach((value, l) => (scores[l] = (scores[l] as number) + value));
    }
  return scores;
}

describe('TrigramScorer', () => {
  const model = buildTrigramModel(
    [
      { language: 'en', words: ['the', 'refund', 'order', 'hello', 'straße'] },
      { language: 'de', words: ['der', 'die', 'straße', 'rückerstattung', 'bestellung'] },
      { language: 'fr', words: ['le', 'remboursement', 'commande', 'déjà', 'où'] },
    ],
    0,
  );
  const scorer = new TrigramScorer(model);

  it('scores words exactly as looking each padded trigram up in the model does, known or not', () => {
    const texts = [
      ['the', 'refund'],
      ['die', 'straße', 'déjà'],
      ['unknown', 'zzz', 'a'],
      ['😀x', 'ünïcödé', '東京'],
      [],
      Object.keys(model.trigrams).map((t) => t.trim()),
    ];
    for (const words of texts) expect(scorer.scores(words), words.join(' ')).toEqual(reference(model, words));
  });

  it('tells the languages apart', () => {
    const [en, de, fr] = scorer.scores(['bestellung', 'rückerstattung']);
    expect(de).toBeGreaterThan(en as number);
    expect(de).toBeGreaterThan(fr as number);
  });
});
