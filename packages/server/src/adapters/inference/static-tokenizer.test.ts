// Word splitting, normalisation, contractions and vocabulary lookup of the static tokenizer.
import { describe, expect, it } from 'vitest';
import { ENGLISH_CONTRACTIONS } from './contractions.js';
import { isWordToken, StaticWordTokenizer } from './static-tokenizer.js';
import { stemmerFor } from './multilingual/stemmers.js';
import { parseStaticTokenizerConfig, type StaticTokenizerConfig } from './tokenizer-config.js';

const words = [
  'i',
  'do',
  'not',
  'can',
  'will',
  'is',
  'e-mail',
  'mail',
  'log',
  'in',
  'cafe',
  'john',
  'are',
  'you',
  '東京',
  'москва',
  'well-known',
  'known',
  'the',
];
const config = (over: Partial<StaticTokenizerConfig> = {}): StaticTokenizerConfig => ({
  type: 'static-word',
  version: 1,
  lowercase: true,
  strip_accents: 'fallback',
  max_tokens: 4096,
  contractions: ENGLISH_CONTRACTIONS,
  vocab: Object.fromEntries(words.map((w, i) => [w, i + 1])),
  ...over,
});
const tokenizer = new StaticWordTokenizer(config());
const names = (text: string) => [...tokenizer.encode(text)].map((id) => words[id - 1]);

describe('StaticWordTokenizer', () => {
  it('splits on Unicode word boundaries and lowercases', () => {
    expect(tokenizer.words('Hello, World! Café naïve — Москва 42x')).toEqual([
      'hello',
      'world',
      'café',
      'naïve',
      'москва',
      '42x',
    ]);
  });

  it('segments scripts written without spaces', () => {
    expect(tokenizer.words('東京都に行きます')).toContain('東京');
    expect(names('東京都に行きます')).toEqual(['東京']);
  });

  it('keeps compounds that are in the vocabulary and splits the others', () => {
    expect(names('My E-Mail and well-known log-in')).toEqual(['e-mail', 'well-known', 'log', 'in']);
  });

  it('expands contractions, including curly apostrophes', () => {
    expect(names("I don't")).toEqual(['i', 'do', 'not']);
    expect(names('I can’t, you won’t')).toEqual(['i', 'can', 'not', 'you', 'will', 'not']);
    expect(names("John's, you're")).toEqual(['john', 'you', 'are']);
  });

  it('falls back to the word without diacritics only when configured', () => {
    expect(names('CAFÉ')).toEqual(['cafe']);
    expect([...new StaticWordTokenizer(config({ strip_accents: 'never' })).encode('café')]).toEqual([]);
  });

  it('skips unknown words, punctuation, digits and emoji', () => {
    expect(names('zzzz 123 😀 !!! is')).toEqual(['is']);
    expect([...tokenizer.encode('')]).toEqual([]);
  });

  it('is not fooled by words that are Object.prototype keys', () => {
    expect([...tokenizer.encode('constructor __proto__ toString hasOwnProperty')]).toEqual([]);
  });

  it('stops at max_tokens known words', () => {
    const short = new StaticWordTokenizer(config({ max_tokens: 3 }));
    expect(short.encode('i do not do not do').length).toBe(3);
    expect(tokenizer.encode('is '.repeat(10_000)).length).toBe(4096);
  });

  it('reports the table size its ids need', () => {
    expect(tokenizer.tableRows).toBe(words.length + 1);
  });
});

describe('StaticWordTokenizer with more languages', () => {
  const multi = new StaticWordTokenizer(
    config({
      languages: {
        de: {
          script: 'latin',
          vocab: { ich: 30, rechnung: 31, die: 32, ist: 33, falsch: 34 },
          stems: { [stemmerFor('german')('rechnungen')]: 31 },
          stemmer: 'german',
          compounds: false,
        },
        ja: { script: 'kana', vocab: { 東京: 40 }, stems: {}, stemmer: null, compounds: false },
      },
    }),
  );

  it('looks a German text up in German, inflections included, and an English one in English', () => {
    expect(multi.route('Die Rechnungen ist falsch')).toBe('de');
    // die and ist are German function words: they take the rows of English "the" and "is", not the German table's
    expect([...multi.encode('Die Rechnungen ist falsch')]).toEqual([
      words.indexOf('the') + 1,
      31,
      words.indexOf('is') + 1,
      34,
    ]);
    expect(multi.route('I do not')).toBeUndefined();
    expect(names('I do not')).toEqual(['i', 'do', 'not']);
  });

  it('routes Japanese by script, falls back to the default vocabulary for words the language lacks, and counts coverage', () => {
    expect(multi.route('東京に行きます')).toBe('ja');
    expect([...multi.encode('東京 John')]).toEqual([40, words.indexOf('john') + 1]);
    expect(multi.coverage('Die Rechnung ist zzz')).toEqual({ words: 4, known: 3 });
    expect(multi.tableRows).toBe(41);
    expect(multi.languageCodes).toEqual(['de', 'ja']);
  });
});

describe('isWordToken', () => {
  it('accepts what the tokenizer can produce as one word', () => {
    expect(['the', 'e-mail', 'mid-1990s', "o'neil", 'café', '3.5'].every(isWordToken)).toBe(true);
    expect([',', 'anti-', '-', "'", '...', 'a b', ''].some(isWordToken)).toBe(false);
  });
});

describe('parseStaticTokenizerConfig', () => {
  it('accepts a valid file and fills defaults', () => {
    const parsed = parseStaticTokenizerConfig({ type: 'static-word', version: 1, max_tokens: 10, vocab: { a: 1 } });
    expect(parsed.lowercase).toBe(true);
    expect(parsed.strip_accents).toBe('never');
    expect(parsed.contractions).toEqual({ words: {}, suffixes: {} });
  });

  it('rejects bad files with a message naming the field', () => {
    expect(() => parseStaticTokenizerConfig({ type: 'bpe' })).toThrow(/type/);
    expect(() =>
      parseStaticTokenizerConfig({ type: 'static-word', version: 1, max_tokens: 10, vocab: { a: 0 } }),
    ).toThrow(/vocab\["a"\]/);
    expect(() => parseStaticTokenizerConfig({ type: 'static-word', version: 1, max_tokens: 0, vocab: {} })).toThrow(
      /max_tokens/,
    );
    const base = { type: 'static-word', version: 1, max_tokens: 10, vocab: {} };
    expect(() => parseStaticTokenizerConfig({ ...base, languages: { de: { script: 'runic', vocab: {} } } })).toThrow(
      /languages\.de\.script/,
    );
    expect(() =>
      parseStaticTokenizerConfig({ ...base, languages: { de: { script: 'latin', stemmer: 'klingon', vocab: {} } } }),
    ).toThrow(/stemmer/);
    expect(() =>
      parseStaticTokenizerConfig({ ...base, routing: { languages: ['en'], trigrams: { abc: [1, 2] }, floor: [0] } }),
    ).toThrow(/routing\.trigrams/);
  });
});
