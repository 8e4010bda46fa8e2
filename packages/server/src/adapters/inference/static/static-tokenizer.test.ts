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

  it('splits text below U+0300 (its own path) exactly as the Unicode word pattern does', () => {
    const pattern = /[\p{L}\p{M}\p{N}]+(?:['\-.][\p{L}\p{M}\p{N}]+)*/gu;
    const reference = (text: string) =>
      [
        ...text
          .normalize('NFC')
          .replace(/[\u2019\u02BC\u2018\u0060\u00B4]/g, "'")
          .replace(/\u0130/g, 'i')
          .toLowerCase()
          .matchAll(pattern),
      ].map((m) => m[0]);
    const samples = ['Don`t STOP-me now', 'a--b x.y.z. end.', "it's 3.14 o'clock", '_snake_case_ A- -a', "rock'n'roll"];
    samples.push('Straße ÆØÅ İstanbul ǅemal Ǳ ß ŉ ǰ ʼn ´x ªº µ ²³¹ ¼ naïve Łódź', 'İ', 'xİy');
    for (let code = 0; code < 0x300; code++) {
      const c = String.fromCharCode(code);
      samples.push(`a${c}b`, `${c}x`, `x'${c}`, c);
    }
    const alphabet = 'abcXYZ09 \'-.`_,;:!?\t\n"()/@éÉßİıłŁæøåñ´ʼªµ²¼×÷ǅǰŉ';
    let seed = 7;
    for (let k = 0; k < 2000; k++) {
      let text = '';
      for (let i = 0; i < 30; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += alphabet[seed % alphabet.length];
      }
      samples.push(text);
    }
    for (const text of samples) expect(tokenizer.words(text), JSON.stringify(text)).toEqual(reference(text));
    expect(tokenizer.words('Don`t STOP-me, e.g. NOW')).toEqual(["don't", 'stop-me', 'e.g', 'now']);
  });

  it('lowercases the Turkish dotted capital İ to i, not to i and a combining dot', () => {
    expect(tokenizer.words('İdare eder, İŞE YARAMAZ İstanbul')).toEqual([
      'idare',
      'eder',
      'işe',
      'yaramaz',
      'istanbul',
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
  const multiConfig = config({
    languages: {
      de: {
        script: 'latin',
        vocab: { ich: 30, blume: 31, die: 32, ist: 33, rot: 34 },
        stems: { [stemmerFor('german')('blumen')]: 31 },
        stemmer: 'german',
        compounds: false,
      },
      ja: { script: 'kana', vocab: { 東京: 40 }, stems: {}, stemmer: null, compounds: false },
    },
  });
  const multi = new StaticWordTokenizer(multiConfig);

  it('looks a German text up in German, inflections included, and an English one in English', () => {
    expect(multi.route('Die Blumen ist rot')).toBe('de');
    // die and ist are German function words: they take the rows of English "the" and "is", not the German table's
    expect([...multi.encode('Die Blumen ist rot')]).toEqual([
      words.indexOf('the') + 1,
      31,
      words.indexOf('is') + 1,
      34,
    ]);
    expect(multi.route('I do not')).toBeUndefined();
    expect(names('I do not')).toEqual(['i', 'do', 'not']);
  });

  it('gives the same ids when its words are remembered, forgotten, or the language changes between texts', () => {
    const texts = ['Die Blumen ist rot', 'I do not', "I can't log in", 'die ist', 'Die Blumen ist rot'];
    const fresh = texts.map((text) => [...new StaticWordTokenizer(multiConfig).encode(text)]);
    const first = texts.map((text) => [...multi.encode(text)]);
    const again = texts.map((text) => [...multi.encode(text)]);
    multi.clearMemo();
    const cleared = texts.map((text) => [...multi.encode(text)]);
    expect(first).toEqual(fresh);
    expect(again).toEqual(fresh);
    expect(cleared).toEqual(fresh);
    expect(fresh[1]).toEqual(['i', 'do', 'not'].map((w) => words.indexOf(w) + 1));
  });

  it('routes Japanese by script, falls back to the default vocabulary for words the language lacks, and counts coverage', () => {
    expect(multi.route('東京に行きます')).toBe('ja');
    expect([...multi.encode('東京 John')]).toEqual([40, words.indexOf('john') + 1]);
    expect(multi.coverage('Die Blume ist zzz')).toEqual({ words: 4, known: 3 });
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
