// Answers to label probabilities: tolerant label reading, log-probability walks, and the documented fallbacks.
import { describe, expect, it } from 'vitest';
import { answerRow, labelDistributionFromLogprobs, namedLabelIndex, parseAnswer } from './answer-parser.js';
import type { TokenLogprob } from '../ports/chat.js';

const labels = ['positive', 'negative', 'neutral'];
const sum = (row: number[]) => row.reduce((a, b) => a + b, 0);
const tok = (token: string, p: number, top: Array<[string, number]> = [[token, p]]): TokenLogprob => ({
  token,
  logprob: Math.log(p),
  top: top.map(([t, q]) => ({ token: t, logprob: Math.log(q) })),
});
const prefix = [tok('{"', 1), tok('label', 1), tok('":', 1), tok(' "', 1)];

describe('namedLabelIndex', () => {
  it.each([
    ['{"label": "negative"}', 1],
    ['```json\n{"label": "neutral"}\n```', 2],
    ['  {"label":"Positive"}  ', 0],
    ['"negative"', 1],
    ['NEUTRAL.', 2],
    ['Sure! Here is the answer: {"label": "negative"} as requested', 1],
    ['{"label": "negative", broken', 1],
    ['**positive**', 0],
  ])('reads %j', (content, index) => {
    expect(namedLabelIndex(content, labels)).toBe(index);
  });

  it('matches names ignoring spaces, underscores and hyphens, only when the match is unique', () => {
    expect(namedLabelIndex('{"label": "Technical Issue"}', ['billing', 'technical_issue'])).toBe(1);
    expect(namedLabelIndex('{"label": "a b"}', ['a_b', 'a-b'])).toBe(-1);
  });

  it('finds no label in an answer that names none', () => {
    expect(namedLabelIndex('{"label": "hacked"}', labels)).toBe(-1);
    expect(namedLabelIndex('', labels)).toBe(-1);
    expect(namedLabelIndex('I cannot help with that.', labels)).toBe(-1);
  });
});

describe('answerRow', () => {
  it('gives the named label the configured confidence and shares the rest', () => {
    const row = answerRow(3, 1, 0.9);
    expect(row[1]).toBe(0.9);
    expect(row[0]).toBeCloseTo(0.05, 12);
    expect(row[2]).toBeCloseTo(0.05, 12);
    expect(sum(answerRow(4, 0, 0.7))).toBeCloseTo(1, 12);
    expect(answerRow(1, 0, 0.9)).toEqual([1]);
  });
});

describe('labelDistributionFromLogprobs', () => {
  it('reads the alternatives at the first token of the label value, dropping tokens that fit no label', () => {
    const tokens = [
      ...prefix,
      tok('neg', 0.6, [
        ['neg', 0.6],
        ['pos', 0.25],
        ['xyz', 0.1],
      ]),
      tok('ative', 1),
      tok('"}', 1),
    ];
    const row = labelDistributionFromLogprobs(tokens, labels) ?? [];
    expect(row[0]).toBeCloseTo(0.25 / 0.85, 10);
    expect(row[1]).toBeCloseTo(0.6 / 0.85, 10);
    expect(row[2]).toBe(0);
  });

  it('follows the chosen path down when labels share their first token', () => {
    const tokens = [
      ...prefix,
      tok('ne', 0.7, [
        ['ne', 0.7],
        ['pos', 0.2],
      ]),
      tok('g', 0.6, [
        ['g', 0.6],
        ['u', 0.4],
      ]),
      tok('ative', 1),
      tok('"}', 1),
    ];
    const row = labelDistributionFromLogprobs(tokens, labels) ?? [];
    expect(row[0]).toBeCloseTo(0.2 / 0.9, 10);
    expect(row[1]).toBeCloseTo(0.42 / 0.9, 10);
    expect(row[2]).toBeCloseTo(0.28 / 0.9, 10);
  });

  it('handles a token that carries the opening quote together with the value', () => {
    const tokens = [
      tok('{"', 1),
      tok('label', 1),
      tok('":"neg', 0.6, [
        ['":"neg', 0.6],
        ['":"pos', 0.3],
        ['":', 0.1],
      ]),
      tok('ative', 1),
      tok('"}', 1),
    ];
    const row = labelDistributionFromLogprobs(tokens, labels) ?? [];
    expect(row).toHaveLength(3);
    expect(row[0]).toBeCloseTo(1 / 3, 10);
    expect(row[1]).toBeCloseTo(2 / 3, 10);
  });

  it('tells a label from a longer one that starts with it by the closing quote', () => {
    const tokens = [
      ...prefix,
      tok('no', 0.9),
      tok('"}', 0.6, [
        ['"}', 0.6],
        ['ne', 0.4],
      ]),
    ];
    const row = labelDistributionFromLogprobs(tokens, ['no', 'none']) ?? [];
    expect(row[0]).toBeCloseTo(0.6, 10);
    expect(row[1]).toBeCloseTo(0.4, 10);
  });

  it('gives up (null) when the tokens do not hold a label value', () => {
    expect(labelDistributionFromLogprobs([tok('positive', 0.9)], labels)).toBeNull();
    expect(labelDistributionFromLogprobs([], labels)).toBeNull();
  });
});

describe('parseAnswer', () => {
  it('uses log-probabilities when they cover the named label', () => {
    const tokens = [
      ...prefix,
      tok('pos', 0.5, [
        ['pos', 0.5],
        ['neg', 0.3],
        ['neu', 0.2],
      ]),
      tok('itive', 1),
      tok('"}', 1),
    ];
    const parsed = parseAnswer({ content: '{"label": "positive"}', tokenLogprobs: tokens }, labels);
    expect(parsed.source).toBe('logprobs');
    expect(parsed.label).toBe('positive');
    expect(parsed.probabilities.map((p) => Number(p.toFixed(10)))).toEqual([0.5, 0.3, 0.2]);
  });

  it('falls back to the answer confidence without log-probabilities', () => {
    const parsed = parseAnswer({ content: '```\n{"label": "neutral"}\n```' }, labels, 0.8);
    expect(parsed.source).toBe('answer');
    expect(parsed.label).toBe('neutral');
    expect(parsed.probabilities.map((p) => Number(p.toFixed(10)))).toEqual([0.1, 0.1, 0.8]);
  });

  it('falls back to the answer confidence when the log-probabilities disagree with the answer', () => {
    const tokens = [...prefix, tok('pos', 1), tok('itive', 1), tok('"}', 1)];
    const parsed = parseAnswer({ content: 'Negative', tokenLogprobs: tokens }, labels);
    expect(parsed.source).toBe('answer');
    expect(parsed.label).toBe('negative');
  });

  it('answers a uniform row when no label is named', () => {
    const parsed = parseAnswer({ content: '{"label": "hacked"}' }, labels);
    expect(parsed).toEqual({ probabilities: [1 / 3, 1 / 3, 1 / 3], label: null, source: 'unmatched' });
  });

  it('always answers probabilities in [0, 1] that sum to 1', () => {
    const contents = ['positive', 'nope', '', '{"label": "negative"}', '```json\n{"label":"neutral"}```'];
    for (const content of contents) {
      const row = parseAnswer({ content }, labels).probabilities;
      expect(row).toHaveLength(3);
      expect(row.every((p) => p >= 0 && p <= 1)).toBe(true);
      expect(sum(row)).toBeCloseTo(1, 12);
    }
  });
});
