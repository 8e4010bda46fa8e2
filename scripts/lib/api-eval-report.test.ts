// eval:api's report: the gap to the reference per language group, the tables' rows and the targets they judge.
import { describe, expect, it } from 'vitest';
import type { Answer } from './api-eval.js';
import { groupGaps, reportLines, targetsOf, type SetResult } from './api-eval-report.js';

const labels = ['a', 'b'];
/** An answer for `lang`, right or wrong at 0.8 confidence, decided. */
const answer = (lang: string, right: boolean): Answer => ({
  gold: 'a',
  lang,
  confidences: right ? { a: 0.8, b: 0.2 } : { a: 0.2, b: 0.8 },
  decided: true,
});
const answers = (lang: string, right: number, wrong: number) => [
  ...Array.from({ length: right }, () => answer(lang, true)),
  ...Array.from({ length: wrong }, () => answer(lang, false)),
];

function result(set: string, served: Answer[], reference: Answer[], trainingSeconds = [12, 20]): SetResult {
  return { set, served, reference, zeroShot: served, trainingSeconds, labels, examples: 100 };
}

describe('eval:api report', () => {
  it('gives served − reference per language group, 0 for a group without answers', () => {
    const r = result(
      'intents',
      [...answers('en', 8, 2), ...answers('de', 10, 0), ...answers('fr', 5, 5)],
      [...answers('en', 9, 1), ...answers('de', 9, 1), ...answers('fr', 5, 5)],
    );
    const gaps = Object.fromEntries(groupGaps(r).map(({ group, gap }) => [group, Number(gap.toFixed(3))]));
    // de and fr pool into one group: served 15 of 20, reference 14 of 20.
    expect(gaps).toEqual({ en: -0.1, 'de fr es it pt nl': 0.05, 'pl ru sv tr': 0, 'ja zh': 0 });
  });

  it('counts the texts only one side got right and gives the paired standard error of the gap', () => {
    // Ten English texts: served wrong on 1 and 2, the reference wrong on 3, 4 and 5; both right on the rest.
    const pick = (wrong: number[]) => Array.from({ length: 10 }, (_, i) => answer('en', !wrong.includes(i + 1)));
    const [en] = groupGaps(result('intents', pick([1, 2]), pick([3, 4, 5])));
    expect(en).toMatchObject({ group: 'en', answers: 10, servedOnly: 3, referenceOnly: 2 });
    expect(en?.gap).toBeCloseTo(0.1);
    // √(3 + 2 − 1² / 10) / 10
    expect(en?.standardError).toBeCloseTo(Math.sqrt(4.9) / 10, 10);
    // The same answers on both sides: no gap and no spread.
    const [same] = groupGaps(result('intents', pick([1, 2]), pick([1, 2])));
    expect(same).toMatchObject({ gap: 0, standardError: 0, servedOnly: 0, referenceOnly: 0 });
    expect(() => groupGaps(result('intents', pick([]), pick([]).slice(1)))).toThrow(/not paired/);
    const shifted = [...pick([]).slice(1), answer('de', true)];
    expect(() => groupGaps(result('intents', pick([]), shifted))).toThrow(/not paired \(answer 9\)/);
  });

  it('judges the worst group, accuracy, decisions and the slowest training against the targets', () => {
    const intents = result(
      'intents',
      [...answers('en', 9, 1), ...answers('ja', 9, 1)],
      [...answers('en', 9, 1), ...answers('ja', 9, 1)],
    );
    const sentiment = result('sentiment', answers('en', 8, 2), answers('en', 8, 2), [2, 31]);
    const targets = targetsOf(intents, sentiment, answers('de', 7, 3));
    const byName = Object.fromEntries(targets.map((t) => [t.name, t.measured]));
    expect(byName['fine-tuned intents ≥ 0.83']).toBeCloseTo(0.9);
    expect(byName['fine-tuned sentiment ≥ 0.90']).toBeCloseTo(0.8);
    expect(byName['intents: served ≥ reference − 0.01 in every language group']).toBeCloseTo(0);
    expect(byName['intents at target 0.9: coverage ≥ 0.65']).toBe(1);
    expect(byName['demo Sentiment zero-shot ≥ 0.70 (every sentiment text)']).toBeCloseTo(0.7);
    expect(byName['sentiment: training under 30 s (slowest split, 100 examples)']).toBe(31);
    expect(targets).toHaveLength(11);
  });

  it('prints one summary row per set, then each set per language and per predicted label', () => {
    const lines = reportLines([result('intents', answers('en', 3, 1), answers('en', 2, 2))]);
    expect(lines[2]).toBe(
      '| intents | 0.750 | 0.500 | +0.250 | de fr es it pt nl 0.000 | 0.050 | 0.750 / 1.000 | 0.750 | 12.0, 20.0 |',
    );
    expect(lines).toContain('| intents | en | 4 | 1 | 0 | +0.250 ± 0.217 |');
    expect(lines).toContain('| served | 0.750 | 0.750 |');
    expect(lines).toContain('| reference | 0.500 | 0.500 |');
    // a predicted 3 times and right each time, b once and wrong; all decided.
    expect(lines.slice(-2)).toEqual(['| a | 3 | 1.000 | 1.000 |', '| b | 1 | 1.000 | 0.000 |']);
  });
});
