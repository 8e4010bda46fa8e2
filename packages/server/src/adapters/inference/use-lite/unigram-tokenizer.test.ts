// The unigram tokenizer on a small vocabulary: the best-scoring segmentation wins, unknown characters become one
// unknown piece per run, white space is folded, long texts become windows.
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ID, UnigramTokenizer, type UnigramVocabulary } from './unigram-tokenizer.js';

const vocabulary: UnigramVocabulary = [
  ['<unk>', 0],
  ['<s>', 0],
  ['▁', -2],
  ['▁re', -3],
  ['fund', -3],
  ['▁refund', -4],
  ['▁refu', -1.5],
  ['nd', -1.5],
  ['▁not', -2],
  ['a', -5],
  ['b', -5],
  ...[...'refundot'].map((c) => [c, -8] as const),
];
const tokenizer = new UnigramTokenizer(vocabulary, { reserved: 2, maxLength: 4 });
const pieces = (text: string) => tokenizer.ids(text).map((id) => vocabulary[id]?.[0]);

describe('UnigramTokenizer', () => {
  it('picks the segmentation with the highest total score, not the longest match', () => {
    // ▁refund (−4) loses to ▁refu + nd (−3), which beats ▁re + fund (−6).
    expect(pieces('refund')).toEqual(['▁refu', 'nd']);
  });

  it('marks every word start and folds runs of white space into one', () => {
    expect(pieces('  not \t\n refund ')).toEqual(['▁not', '▁refu', 'nd']);
    expect(tokenizer.ids('not refund')).toEqual(tokenizer.ids('not   refund'));
  });

  it('never matches reserved entries, and turns a run of unknown characters into one unknown piece', () => {
    expect(pieces('<s>')).toEqual(['▁', '<unk>']);
    expect(tokenizer.ids('a??b')).toEqual([2, 9, UNKNOWN_ID, 10]);
  });

  it('scores an unknown character 0, as the reference tokenizer does (every real character has a piece of its own)', () => {
    expect(pieces('refunx')).toEqual(['▁refu', 'n', '<unk>']);
  });

  it('normalises compatibility characters (NFKC) before matching', () => {
    expect(tokenizer.ids('ａｂ')).toEqual(tokenizer.ids('ab'));
  });

  it('gives no pieces for an empty or blank text', () => {
    expect(tokenizer.ids('')).toEqual([]);
    expect(tokenizer.ids(' \n ')).toEqual([]);
  });

  it('cuts a text longer than maxLength into overlapping windows weighted by their pieces', () => {
    const windows = tokenizer.windows('not not not not not not');
    expect(windows.length).toBeGreaterThan(1);
    expect(windows.every((w) => w.ids.length <= 4)).toBe(true);
    expect(tokenizer.windows('not')).toEqual([{ ids: [8], weight: 1 }]);
  });
});
