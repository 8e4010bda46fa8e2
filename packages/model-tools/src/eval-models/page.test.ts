// The quality page: protocols, set sizes, the in-language caps, all tables, and nothing that varies but the speed line.
import { evaluate } from '@textclass/server/core';
import { describe, expect, it } from 'vitest';
import { qualityPage, type QualityPage } from './page.js';

const all = evaluate([0, 1], [0, 1], ['a', 'b']);
const page = (textsPerSecond: number): QualityPage => ({
  setsDir: 'eval/sets',
  encoders: [{ id: 'enc', dimension: 4, isDefault: true, textsPerSecond }],
  sets: [
    {
      name: 'intents',
      rows: 10,
      labels: 2,
      train: 6,
      test: 4,
      perLang: [
        { lang: 'en', texts: 6, heldOut: 2 },
        { lang: 'de', texts: 4, heldOut: 2 },
      ],
      trainPerLabel: new Map([
        ['de', 1],
        ['en', 2],
      ]),
    },
  ],
  holdout: 0.4,
  ks: [4, 8],
  draws: 10,
  results: [
    {
      task: 'intents',
      method: 'zero-shot',
      encoder: 'enc',
      runs: [
        {
          all,
          byLang: new Map([
            ['en', all],
            ['de', all],
          ]),
        },
      ],
    },
  ],
  langs: ['en', 'de'],
  retrieval: [{ encoder: 'enc', crossLingual: [{ lang: 'de', top1: 0.5 }], paraphrase: 1 }],
  retrievalItems: 2,
  speedTexts: 10,
  recipes: [{ task: 'intents', encoder: 'enc', recipe: 'logistic-regression l2=0.001', temperature: 0.5 }],
  coverage: [
    {
      task: 'intents',
      encoder: 'enc',
      targetPrecision: 0.9,
      all: { texts: 4, decided: 2, right: 2 },
      byLang: new Map([
        ['en', { texts: 2, decided: 2, right: 2 }],
        ['de', { texts: 2, decided: 0, right: 0 }],
      ]),
    },
  ],
});

describe('qualityPage', () => {
  it('names the sets, their sizes per language and the in-language caps, and holds every table', () => {
    const text = qualityPage(page(1234));
    expect(text).toContain('- `eval/sets/intents.jsonl`: 10 texts, 2 labels (en 6, de 4); 6 for training, 4 held out');
    expect(text).toContain('(intents: en 2; de 1)');
    expect(text).toContain("- `enc` (4 dimensions), the registry's default encoder");
    expect(text).toContain('| intents | zero-shot | 1.000 | 1.000 |  |');
    expect(text).toContain('Chosen here: intents / `enc`: logistic-regression l2=0.001, T = 0.50.');
    expect(text).toContain('| `enc` | 0.500 | 1.000 |');
    expect(text).toContain('`enc` about 1,200 texts/s');
    expect(text).toContain('Settings are tuned on the separate tuning sets in `eval/dev/`');
    expect(text).toContain('one text moves a per-language figure\n  by 50 points');
    expect(text).toContain('with `target_precision: 0.9`');
    expect(text).toContain('| intents | enc | 0.9 | coverage | 1.000 | 0.000 | 0.500 |');
  });

  it('names the zero-shot scoring rule each set chose on its training part, with both likelihoods', () => {
    const rules = [{ task: 'intents', encoder: 'enc', chosen: 'mean', nllPooled: 1.125, nllMean: 1.0963 }];
    expect(qualityPage({ ...page(1), zeroShotRules: rules })).toContain(
      'Chosen here: intents / `enc`: mean (NLL pooled 1.125, mean 1.096).',
    );
  });

  it('holds the served head against its reference over several splits, language by language, when it has them', () => {
    const wrong = evaluate([0, 1], [1, 1], ['a', 'b']);
    const run = (en: typeof all, de: typeof all) => ({
      all,
      byLang: new Map([
        ['en', en],
        ['de', de],
      ]),
    });
    const splits = {
      seeds: [1, 2],
      results: [
        { task: 'intents', method: 'served', encoder: 'enc', runs: [run(all, all), run(all, wrong)], reference: 'ref' },
        { task: 'intents', method: 'ref', encoder: 'enc', runs: [run(all, all), run(all, all)] },
      ],
    };
    const text = qualityPage({ ...page(1), splits });
    expect(text).toContain('over 2 splits (seeds 1, 2; the split above is seed 1)');
    expect(text).toContain('one text of a language moves its mean by 25 points');
    expect(text).toContain('| intents | enc | served | ref | 1.000 | 1.000 | +0.000 | de −0.250 |');
    expect(qualityPage(page(1))).not.toContain('splits (seeds');
  });

  it('says so when its sets are not the reported ones', () => {
    expect(qualityPage({ ...page(1), setsDir: 'eval/dev' })).toContain('a page over `eval/dev` is for tuning only');
  });

  it('differs between two runs only where the speed does', () => {
    const a = qualityPage(page(1234)).split('\n');
    const b = qualityPage(page(5678)).split('\n');
    const differing = a.filter((line, i) => line !== b[i]);
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatch(/texts\/s/);
  });
});
