// What eval:api computes from the API's answers: the cell split, accuracy per language, ECE, decisions, judgements.
import { describe, expect, it } from 'vitest';
import { accuracyOf, calibrationErrorOf, decisionsOf, judge, splitByCell, topLabel, type Answer } from './api-eval.js';

const labels = ['a', 'b'];
const answer = (gold: string, lang: string, a: number, decided?: boolean): Answer => ({
  gold,
  lang,
  confidences: { a, b: 1 - a },
  ...(decided === undefined ? {} : { decided }),
});

describe('eval:api scoring', () => {
  it('holds out the same share of every language and label, the same for a seed', () => {
    const rows = ['en', 'de'].flatMap((lang) =>
      labels.flatMap((label) => Array.from({ length: 10 }, (_, i) => ({ text: `${lang}${label}${i}`, label, lang }))),
    );
    const { train, test } = splitByCell(rows, 0.3, 1);
    expect(train.length + test.length).toBe(40);
    for (const lang of ['en', 'de'])
      for (const label of labels) expect(test.filter((r) => r.lang === lang && r.label === label)).toHaveLength(3);
    expect(new Set([...train, ...test].map((r) => r.text)).size).toBe(40);
    expect(splitByCell(rows, 0.3, 1).test).toEqual(test);
    expect(splitByCell(rows, 0.3, 2).test).not.toEqual(test);
  });

  it('scores the top label overall and per language', () => {
    const answers = [answer('a', 'en', 0.9), answer('b', 'en', 0.8), answer('b', 'de', 0.2), answer('a', 'de', 0.6)];
    expect(topLabel(answers[1] as Answer, labels)).toBe('a');
    const accuracy = accuracyOf(answers, labels);
    expect(accuracy.all).toBe(0.75);
    expect([...accuracy.byLang]).toEqual([
      ['de', 1],
      ['en', 0.5],
    ]);
  });

  it('measures ECE on the top confidences: zero when confidence matches accuracy, the gap when it does not', () => {
    // Four answers at 0.75 confidence, three right: calibrated.
    const calibrated = [
      answer('a', 'en', 0.75),
      answer('a', 'en', 0.75),
      answer('a', 'en', 0.75),
      answer('b', 'en', 0.75),
    ];
    expect(calibrationErrorOf(calibrated, labels)).toBeCloseTo(0, 12);
    const overconfident = [answer('a', 'en', 0.95), answer('b', 'en', 0.95)];
    expect(calibrationErrorOf(overconfident, labels)).toBeCloseTo(0.45, 12);
  });

  it('counts decided answers, their precision, and per predicted label', () => {
    const answers = [
      answer('a', 'en', 0.9, true),
      answer('b', 'en', 0.9, true),
      answer('a', 'en', 0.6, false),
      answer('b', 'en', 0.1, true),
      answer('b', 'en', 0.3),
    ];
    const d = decisionsOf(answers, labels);
    expect(d.coverage).toBe(0.6);
    expect(d.precision).toBeCloseTo(2 / 3, 12);
    expect(d.byLabel.get('a')).toEqual({ decided: 2, coverage: 2 / 3, precision: 0.5 });
    expect(d.byLabel.get('b')).toEqual({ decided: 1, coverage: 0.5, precision: 1 });
    expect(decisionsOf([answer('a', 'en', 0.9, false)], labels).precision).toBeNull();
  });

  it('judges a bound either way, and nothing measured as missed', () => {
    expect(judge({ name: 'x', measured: 0.83, bound: 0.83, direction: 'min' })).toBe('met');
    expect(judge({ name: 'x', measured: 0.829, bound: 0.83, direction: 'min' })).toBe('missed');
    expect(judge({ name: 'x', measured: 0.05, bound: 0.05, direction: 'max' })).toBe('met');
    expect(judge({ name: 'x', measured: 0.051, bound: 0.05, direction: 'max' })).toBe('missed');
    expect(judge({ name: 'x', measured: null, bound: 0.5, direction: 'min' })).toBe('missed');
  });
});
