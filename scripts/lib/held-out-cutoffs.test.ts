// eval-cutoffs' held-out measures: each text's top label, and per label the texts its cut-off decides.
import { describe, expect, it } from 'vitest';
import { decidedByCutoff, decidedByGroup, heldOutCoverage, heldOutTops } from './held-out-cutoffs.js';

describe('heldOutTops', () => {
  it('takes each row’s top label and its confidence to 6 decimals, right when it is the gold label', () => {
    const rows = [
      [0.05, 0.6234564, 0.3265436],
      [0.5, 0.3, 0.2],
      [0.2, 0.2, 0.6],
    ];
    expect(heldOutTops(rows, [1, 2, 2])).toEqual([
      { top: 1, confidence: 0.623456, correct: true },
      { top: 0, confidence: 0.5, correct: false },
      { top: 2, confidence: 0.6, correct: true },
    ]);
  });
});

describe('decidedByCutoff', () => {
  const tops = [
    { top: 0, confidence: 0.95, correct: true },
    { top: 0, confidence: 0.9, correct: false },
    { top: 0, confidence: 0.5, correct: true },
    { top: 1, confidence: 0.99, correct: true },
  ];

  it('counts the label’s texts, those at or over the cut-off, and the right ones among them', () => {
    expect(decidedByCutoff(tops, 0, 0.9)).toEqual({ predicted: 3, decided: 2, right: 1 });
  });

  it('decides nothing at a cut-off of 1 (the label is never decided alone)', () => {
    expect(decidedByCutoff(tops, 1, 1)).toEqual({ predicted: 1, decided: 0, right: 0 });
  });
});

describe('decidedByGroup', () => {
  it('counts per language the texts, those clearing their top label’s cut-off, and the right ones among them', () => {
    const tops = [
      { top: 0, confidence: 0.95, correct: true },
      { top: 1, confidence: 0.7, correct: false },
      { top: 0, confidence: 0.5, correct: true },
      { top: 1, confidence: 0.99, correct: false },
    ];
    const byLang = decidedByGroup(tops, ['en', 'de', 'en', 'de'], [0.9, 0.6]);
    expect([...byLang.entries()]).toEqual([
      ['en', { texts: 2, decided: 1, right: 1 }],
      ['de', { texts: 2, decided: 2, right: 0 }],
    ]);
    // A cut-off of 1 decides nothing.
    expect(decidedByGroup(tops, ['en', 'de', 'en', 'de'], [1, 1]).get('de')).toEqual({
      texts: 2,
      decided: 0,
      right: 0,
    });
  });
});

describe('heldOutCoverage', () => {
  it('fits the cut-offs on the out-of-fold rows and counts the held-out texts that clear them, per language and overall', () => {
    // Out of fold, label a is right at 0.95 and 0.9 and wrong at 0.8: its own cut-off is 0.9 (2 of 2 right, 2 of 3 at
    // 0.8). Label b's one text is wrong (0.99), and all labels together never reach 0.9 (0.99 is first and wrong), so b
    // gets cut-off 1: held out, a decides 0.92 (right) and 0.97 (wrong), not 0.85; b decides nothing.
    const outOfFold = {
      probabilities: [
        [0.95, 0.05],
        [0.9, 0.1],
        [0.8, 0.2],
        [0.01, 0.99],
      ],
      gold: [0, 0, 1, 0],
    };
    const heldOut = {
      rows: [
        [0.92, 0.08],
        [0.85, 0.15],
        [0.3, 0.7],
        [0.97, 0.03],
      ],
      gold: [0, 0, 1, 1],
      groups: ['en', 'en', 'de', 'de'],
    };
    const { all, byGroup } = heldOutCoverage(outOfFold, heldOut, ['a', 'b'], 0.9);
    expect([...byGroup.entries()]).toEqual([
      ['en', { texts: 2, decided: 1, right: 1 }],
      ['de', { texts: 2, decided: 1, right: 0 }],
    ]);
    expect(all).toEqual({ texts: 4, decided: 2, right: 1 });
  });
});
