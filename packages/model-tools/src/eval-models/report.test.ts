// The quality tables: encoders side by side overall, per-language tables per set, and the sentences under them.
import { evaluate } from '@textclass/server/core';
import { describe, expect, it } from 'vitest';
import type { Scores } from './methods.js';
import { languageTable, observations, overallTable, referenceTable, type MethodResult } from './report.js';

const LABELS = ['a', 'b'];
/** Scores from per-language (gold, predicted) pairs. */
function scores(byLang: Record<string, Array<[number, number]>>): Scores {
  const pairs = Object.values(byLang).flat();
  return {
    all: evaluate(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
      LABELS,
    ),
    byLang: new Map(
      Object.entries(byLang).map(([lang, ps]) => [
        lang,
        evaluate(
          ps.map((p) => p[0]),
          ps.map((p) => p[1]),
          LABELS,
        ),
      ]),
    ),
  };
}
const perfect = scores({
  en: [
    [0, 0],
    [1, 1],
  ],
  de: [
    [0, 0],
    [1, 1],
  ],
});
const half = scores({
  en: [
    [0, 0],
    [1, 1],
  ],
  de: [
    [0, 1],
    [1, 1],
  ],
});
const results: MethodResult[] = [
  { task: 'intents', method: 'zero-shot', encoder: 'old', runs: [half] },
  { task: 'intents', method: 'few-shot', encoder: 'old', runs: [half, perfect] },
  { task: 'intents', method: 'zero-shot', encoder: 'new', runs: [perfect] },
  { task: 'intents', method: 'few-shot', encoder: 'new', runs: [perfect, perfect] },
];

describe('overallTable', () => {
  it('puts one row per set and method and each encoder in its own columns', () => {
    expect(overallTable(results).split('\n')).toEqual([
      '| set | method | old accuracy | old macro-F1 | old ECE before → after (floor) | new accuracy | new macro-F1 | new ECE before → after (floor) |',
      '|---|---|---|---|---|---|---|---|',
      '| intents | zero-shot | 0.750 | 0.733 |  | 1.000 | 1.000 |  |',
      '| intents | few-shot | 0.875 ± 0.177 | 0.867 ± 0.189 |  | 1.000 ± 0.000 | 1.000 ± 0.000 |  |',
    ]);
  });

  it('shows the mean ECE before and after calibration over the runs that measured it', () => {
    const calibrated = [
      { ...half, ece: { before: 0.2, after: 0.05 } },
      { ...perfect, ece: { before: 0.1, after: 0.03 } },
    ];
    const lines = overallTable([{ task: 'intents', method: 'few-shot', encoder: 'enc', runs: calibrated }]).split('\n');
    expect(lines[2]).toBe('| intents | few-shot | 0.875 ± 0.177 | 0.867 ± 0.189 | 0.150 → 0.040 |');
  });

  it('adds the mean noise floor of the calibrated confidences when the runs measured it', () => {
    const calibrated = [
      { ...half, ece: { before: 0.2, after: 0.05, floor: 0.04 } },
      { ...perfect, ece: { before: 0.1, after: 0.03, floor: 0.06 } },
    ];
    const lines = overallTable([{ task: 'intents', method: 'few-shot', encoder: 'enc', runs: calibrated }]).split('\n');
    expect(lines[2]).toBe('| intents | few-shot | 0.875 ± 0.177 | 0.867 ± 0.189 | 0.150 → 0.040 (0.050) |');
  });
});

describe('referenceTable', () => {
  it('holds each served head against its reference, overall and in its worst language', () => {
    const table = referenceTable([
      { task: 'intents', method: 'served', encoder: 'enc', runs: [half], reference: 'reference' },
      { task: 'intents', method: 'reference', encoder: 'enc', runs: [perfect] },
    ]).split('\n');
    expect(table[2]).toBe('| intents | enc | served | reference | 0.750 | 1.000 | −0.250 | de −0.500 |');
    expect(table).toHaveLength(3);
  });
});

describe('languageTable', () => {
  it('has an encoder column when there are several, a held-out row, and languages in the order given', () => {
    const lines = languageTable(results, ['en', 'de', 'fr']).split('\n');
    expect(lines[0]).toBe('**intents**');
    expect(lines.slice(2)).toEqual([
      '| method | encoder | en | de | all |',
      '|---|---|---|---|---|',
      '| held-out texts |  | 2 | 2 | 4 |',
      '| zero-shot | old | 1.000 | 0.500 | 0.750 |',
      '| zero-shot | new | 1.000 | 1.000 | 1.000 |',
      '| few-shot | old | 1.000 | 0.750 | 0.875 |',
      '| few-shot | new | 1.000 | 1.000 | 1.000 |',
    ]);
  });

  it('leaves the encoder column out for a single encoder', () => {
    const lines = languageTable(
      results.filter((r) => r.encoder === 'old'),
      ['de', 'en'],
    ).split('\n');
    expect(lines[2]).toBe('| method | de | en | all |');
    expect(lines[5]).toBe('| zero-shot | 0.500 | 1.000 | 0.750 |');
  });
});

describe('observations', () => {
  it('ranks methods per encoder, compares English with the rest, and the later encoder with the first', () => {
    const lines = observations(results);
    expect(lines[0]).toMatch(/^intents, `old`: by macro-F1, few-shot 0\.867 > zero-shot 0\.733; its accuracy ranges/);
    expect(lines[1]).toBe(
      'intents, `old`: accuracy on English vs the mean of the other languages: zero-shot 1.000 vs 0.500; few-shot 1.000 vs 0.750.',
    );
    expect(lines.at(-1)).toBe('intents: accuracy of `new` minus `old`: zero-shot +0.250; few-shot +0.125.');
  });
});
