// Few-shot support: English examples only against each language's own examples, on a task built so they disagree.
import type { LabelledEmbedding } from '@textclass/server/core';
import { describe, expect, it } from 'vitest';
import { fewShot, type PreparedTask } from './methods.js';

const unit = (i: number, jitter: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : jitter));

/** English label 0 points along axis 0 and label 1 along axis 1; German swaps them, so English support misleads. */
function task(): PreparedTask {
  const axis = (lang: string, label: number) => (lang === 'en' ? label : 1 - label);
  const make = (lang: string, label: number, n: number): LabelledEmbedding[] =>
    Array.from({ length: n }, (_, j) => ({ embedding: unit(axis(lang, label), 0.01 * (j + 1)), label }));
  const train = [...make('en', 0, 4), ...make('en', 1, 4), ...make('de', 0, 4), ...make('de', 1, 4)];
  const test = [...make('en', 0, 2), ...make('en', 1, 2), ...make('de', 0, 2), ...make('de', 1, 2)];
  return {
    labels: [
      { name: 'a', descriptions: [] },
      { name: 'b', descriptions: [] },
    ],
    train,
    test,
    trainLangs: train.map((_, i) => (i < 8 ? 'en' : 'de')),
    trainPerLabel: new Map([
      ['de', 4],
      ['en', 4],
    ]),
    testLangs: test.map((_, i) => (i < 4 ? 'en' : 'de')),
  };
}

describe('fewShot', () => {
  it('with English support, applies the English head to every language', () => {
    const scores = fewShot(task(), 2, 1, 'english');
    expect(scores.byLang.get('en')?.accuracy).toBe(1);
    expect(scores.byLang.get('de')?.accuracy).toBe(0);
  });

  it('with in-language support, fits each language on its own examples', () => {
    const scores = fewShot(task(), 2, 1, 'in-language');
    expect(scores.byLang.get('en')?.accuracy).toBe(1);
    expect(scores.byLang.get('de')?.accuracy).toBe(1);
    expect(scores.all.accuracy).toBe(1);
  });

  it('fails loudly when a language has no training texts to draw from', () => {
    const t = task();
    t.testLangs[0] = 'fr';
    expect(() => fewShot(t, 2, 1, 'in-language')).toThrow(/"fr"/);
  });
});
