// The unigram tokenizer on a small vocabulary: the best-scoring segmentation wins, unknown characters become one
// unknown piece per run, white space is folded, long texts become windows; its typed-array trie on wide nodes, astral
// characters and duplicate pieces; and on USE-lite's own vocabulary, the ids the evaluation texts have always had.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR, SERVER_PACKAGE_ROOT, USE_LITE_ENCODER_ID } from '../registry/package-paths.js';
import { UNKNOWN_ID, UnigramTokenizer, type UnigramVocabulary } from './unigram-tokenizer.js';
import { readUnigramTokenizer } from './unigram-transformer.js';

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

  // normalise() skips NFKC and the white-space pass for printable ASCII with single inner spaces: every other text
  // must still take them (a quick check that let one of these through would change its ids).
  it.each([
    'refund please',
    ' refund',
    'refund ',
    'refund  please',
    'refund\tplease',
    'refund\nplease',
    'refund\u00a0please',
    'ｒefund',
    'ﬁle refund',
    'refund\u007f',
    '\u0000refund',
    '',
    '   ',
  ])('normalises %j as NFKC, white space folded and trimmed, word-marked', (text) => {
    const clean = text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
    expect(UnigramTokenizer.normalise(text)).toBe(clean === '' ? '' : '\u2581' + clean.replaceAll(' ', '\u2581'));
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

  it('finds pieces under a node with many children, astral characters included', () => {
    const letters = [...'abcdefghijklmnopqrstuvwxyz'];
    const wide: UnigramVocabulary = [
      ['<unk>', 0],
      ['▁', -20],
      ...letters.map((c) => [`▁${c}`, -10] as const),
      ...letters.map((c) => [c, -10] as const),
      ['▁q😀', -1],
      ['😀', -3],
      ['▁zz', -1],
      ['▁m', -0.5],
    ];
    const t = new UnigramTokenizer(wide, { reserved: 1, maxLength: 8 });
    const spelled = (text: string) => t.ids(text).map((id) => wide[id]?.[0]);
    expect(spelled('q😀 zz m a')).toEqual(['▁q😀', '▁zz', '▁m', '▁a']);
    expect(spelled('a😀😀z')).toEqual(['▁a', '😀', '😀', 'z']);
    expect(spelled('k✓')).toEqual(['▁k', '<unk>']);
  });

  it('gives a duplicate piece its first id and its last score', () => {
    const duplicated: UnigramVocabulary = [
      ['<unk>', 0],
      ['▁', -1],
      ['x', -1],
      ['▁x', -9],
      ['▁x', -0.5],
    ];
    const t = new UnigramTokenizer(duplicated, { reserved: 1, maxLength: 8 });
    // ▁x at −0.5 (the last score) beats ▁ + x (−2), under the id of its first entry.
    expect(t.ids('x')).toEqual([3]);
  });
});

describe('UnigramTokenizer on USE-lite’s vocabulary', () => {
  let tokenizer: UnigramTokenizer;
  beforeAll(async () => {
    ({ tokenizer } = await readUnigramTokenizer(join(BUILTIN_ENCODERS_DIR, USE_LITE_ENCODER_ID, 'tokenizer.json')));
  });

  it('splits texts into the pieces it always has', () => {
    expect(tokenizer.ids('Where is my refund?')).toEqual([3009, 18, 69, 137, 5906, 54]);
    expect(tokenizer.ids('Das Paket ist nicht angekommen 😀')).toEqual([
      938, 7, 834, 452, 17, 18, 17, 2292, 397, 17, 11, 3328, 1875, 47, 1379, 30, 0,
    ]);
    expect(tokenizer.ids('naïve café – ＡＢＣ')).toEqual([1216, 0, 105, 976, 209, 1133, 432, 74, 2512]);
  });

  it('gives the evaluation texts the ids the map-of-maps trie gave them', () => {
    const dir = join(SERVER_PACKAGE_ROOT, '..', '..', 'eval', 'sets');
    const texts = readdirSync(dir)
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .flatMap((file) =>
        readFileSync(join(dir, file), 'utf8')
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { text: string }).text),
      );
    const ids = texts.map((text) => tokenizer.ids(text).join(',')).join('\n');
    expect(texts.length).toBe(1164);
    expect(createHash('sha256').update(ids).digest('hex')).toBe(
      '48b28350f1c425c0657b28990947a65f973b4b1b7b5178db944918d468cb7556',
    );
  });
});
