// TextTokenizer over tiny tokenizer.json fixtures of each model kind: WordPiece, Unigram, BPE; special tokens and windows.
import { describe, expect, it } from 'vitest';
import { TextTokenizer } from './hf-tokenizer.js';
import { syntheticVocabulary, wordPieceTokenizerJson } from '../../../testing/synthetic-vocab.js';

const template = (bos: string, eos: string, ids: [number, number]) => ({
  type: 'TemplateProcessing',
  single: [
    { SpecialToken: { id: bos, type_id: 0 } },
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: eos, type_id: 0 } },
  ],
  pair: [
    { SpecialToken: { id: bos, type_id: 0 } },
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: eos, type_id: 0 } },
    { Sequence: { id: 'B', type_id: 0 } },
  ],
  special_tokens: {
    [bos]: { id: bos, ids: [ids[0]], tokens: [bos] },
    [eos]: { id: eos, ids: [ids[1]], tokens: [eos] },
  },
});
const added = (tokens: string[]) =>
  tokens.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));

/** XLM-R style: SentencePiece Unigram with Metaspace, <s> … </s>, pad id 1. */
const UNIGRAM = {
  version: '1.0',
  truncation: null,
  padding: null,
  added_tokens: added(['<s>', '<pad>', '</s>', '<unk>']),
  normalizer: { type: 'NFKC' },
  pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
  post_processor: template('<s>', '</s>', [0, 2]),
  decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
  model: {
    type: 'Unigram',
    unk_id: 3,
    byte_fallback: false,
    vocab: [
      ['<s>', 0],
      ['<pad>', 0],
      ['</s>', 0],
      ['<unk>', 0],
      ['▁hello', -1],
      ['▁world', -2],
      ['▁', -3],
      ['w', -5],
      ['o', -5],
      ['r', -5],
      ['l', -5],
      ['d', -5],
      ['ld', -3],
    ],
  },
};

/** Classic BPE with a whitespace pre-tokenizer and merges. */
const BPE = {
  version: '1.0',
  truncation: null,
  padding: null,
  added_tokens: added(['<unk>', '<s>', '</s>']),
  normalizer: { type: 'Lowercase' },
  pre_tokenizer: { type: 'Whitespace' },
  post_processor: template('<s>', '</s>', [1, 2]),
  decoder: { type: 'BPEDecoder', suffix: '' },
  model: {
    type: 'BPE',
    dropout: null,
    unk_token: '<unk>',
    continuing_subword_prefix: null,
    end_of_word_suffix: null,
    fuse_unk: false,
    vocab: {
      '<unk>': 0,
      '<s>': 1,
      '</s>': 2,
      l: 3,
      o: 4,
      w: 5,
      e: 6,
      r: 7,
      s: 8,
      t: 9,
      lo: 10,
      low: 11,
      er: 12,
      lower: 13,
    },
    merges: ['l o', 'lo w', 'e r', 'low er'],
  },
};

describe('TextTokenizer', () => {
  it('WordPiece (BERT): lowercases, strips accents, splits punctuation and word pieces, [CLS] … [SEP]', () => {
    const t = new TextTokenizer(wordPieceTokenizerJson(syntheticVocabulary(400)), { pad_token: '[PAD]' }, 128);
    expect(t.tokens('Hello, Wörld!')).toEqual(['[CLS]', 'he', '##l', '##lo', ',', 'world', '!', '[SEP]']);
    expect(t.tokens('日')).toEqual(['[CLS]', '[UNK]', '[SEP]']);
    expect(t.prefix).toEqual([2]);
    expect(t.suffix).toEqual([3]);
    expect(t.padId).toBe(0);
  });

  it('Unigram (SentencePiece): Metaspace pieces, best segmentation, <s> … </s>, pad id from the config', () => {
    const t = new TextTokenizer(UNIGRAM, { pad_token: '<pad>' }, 512);
    expect(t.tokens('hello world')).toEqual(['<s>', '▁hello', '▁world', '</s>']);
    expect(t.tokens('hello wold')).toEqual(['<s>', '▁hello', '▁', 'w', 'o', 'ld', '</s>']);
    expect(t.contentIds('hello')).toEqual([4]);
    expect([t.prefix, t.suffix, t.padId]).toEqual([[0], [2], 1]);
  });

  it('BPE: applies merges in rank order', () => {
    const t = new TextTokenizer(BPE, {}, 512);
    expect(t.tokens('Lower lowest')).toEqual(['<s>', 'lower', 'low', 'e', 's', 't', '</s>']);
    expect([t.prefix, t.suffix]).toEqual([[1], [2]]);
  });

  it('cuts a long text into overlapping windows that each fit, wrapped in special tokens', () => {
    const t = new TextTokenizer(BPE, {}, 8);
    const text = Array.from({ length: 20 }, () => 'low').join(' ');
    const windows = t.windows(text);
    expect(windows.length).toBeGreaterThan(1);
    for (const w of windows) {
      expect(w.ids.length).toBeLessThanOrEqual(8);
      expect(w.ids[0]).toBe(1);
      expect(w.ids.at(-1)).toBe(2);
    }
    expect(t.windows('low')).toEqual([{ ids: [1, 11, 2], weight: 1 }]);
  });
});
