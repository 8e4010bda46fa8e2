// The compact word table answers as the built-in multilingual tokenizer.json's own objects do, for words and misses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID } from '../../registry/package-paths.js';
import { wordTableOf } from '../static-tokenizer.js';
import { parseStaticTokenizerConfig, type StaticTokenizerConfig } from '../tokenizer-config.js';
import { withoutAccents } from './accents.js';
import { decodeWordTable, encodeWordTable } from './word-table-file.js';
import { WordTable } from './word-table.js';

const NON_ASCII = /[^\x00-\x7f]/;
const HAN_WORD = /^\p{Script=Han}{2,}$/u;

let config: StaticTokenizerConfig;
let table: WordTable;
/** Reference: per language (0: the default one), its words and stems as Maps of the JSON objects. */
let vocabs: Array<Map<string, number>>;
let stems: Array<Map<string, number>>;
/** Reference evidence, built as language id built it from the JSON: words, unaccented forms, stems; Han ≥ 2 chars. */
let evidence: Map<string, number>;
let sample: string[];

beforeAll(() => {
  const path = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'tokenizer.json');
  config = parseStaticTokenizerConfig(JSON.parse(readFileSync(path, 'utf8')));
  table = wordTableOf(config);
  const languages = Object.values(config.languages ?? {});
  vocabs = [config.vocab, ...languages.map((l) => l.vocab)].map((v) => new Map(Object.entries(v)));
  stems = [{}, ...languages.map((l) => l.stems)].map((s) => new Map(Object.entries(s)));
  evidence = new Map();
  const add = (word: string, bit: number) => evidence.set(word, (evidence.get(word) ?? 0) | bit);
  vocabs.forEach((vocab, j) => {
    const script = j === 0 ? 'latin' : (languages[j - 1] as { script: string }).script;
    const han = script === 'han' || script === 'kana';
    for (const word of vocab.keys()) {
      if (han) {
        if (HAN_WORD.test(word)) add(word, 1 << j);
        continue;
      }
      add(word, 1 << j);
      if (NON_ASCII.test(word)) add(withoutAccents(word), 1 << j);
    }
    if (!han) for (const stem of (stems[j] as Map<string, number>).keys()) add(stem, 1 << j);
  });
  // every 29th word and stem of every language, each with four near misses (and some forms that are words)
  sample = [];
  for (const words of [...vocabs, ...stems]) {
    let i = 0;
    for (const word of words.keys()) {
      if (i++ % 29 !== 0) continue;
      sample.push(word, `${word}q`, word.slice(1), word.toUpperCase(), withoutAccents(word));
    }
  }
  sample.push('', ' ', 'zzzzzzzzzzzzzzzzzzzzzzzz', '__proto__', 'constructor', 'hasOwnProperty');
});

describe('the word table of the built-in multilingual tokenizer', () => {
  it('samples over 150,000 words, most of them misses in some language', () => {
    expect(sample.length).toBeGreaterThan(150_000);
    expect(sample.filter((w) => table.find(w) < 0).length).toBeGreaterThan(50_000);
  });

  it('gives every word the row each language’s vocabulary and stems give it, and none where they have none', () => {
    let mismatches = 0;
    for (const word of sample) {
      vocabs.forEach((vocab, j) => {
        if (table.column(j).get(word) !== vocab.get(word)) mismatches++;
        if (j > 0 && table.column(j, true).get(word) !== (stems[j] as Map<string, number>).get(word)) mismatches++;
      });
    }
    expect(mismatches).toBe(0);
  });

  it('tells which vocabularies hold a word, and which languages have it as evidence, as the JSON objects do', () => {
    let mismatches = 0;
    for (const word of sample) {
      let bits = 0;
      vocabs.forEach((vocab, j) => {
        if (vocab.has(word)) bits |= 1 << j;
      });
      if (table.vocabBits(word) !== bits) mismatches++;
      if (table.evidenceBits(word) !== (evidence.get(word) ?? 0)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('holds every word and stem of the JSON, and no more rows than it', () => {
    let missing = 0;
    for (const words of [...vocabs, ...stems]) for (const word of words.keys()) if (table.find(word) < 0) missing++;
    expect(missing).toBe(0);
    let max = 0;
    for (const words of [...vocabs, ...stems]) for (const row of words.values()) max = Math.max(max, row);
    expect(table.maxRow()).toBe(max);
  });
});

describe('a small word table', () => {
  const small = WordTable.build({ the: 1, café: 2 }, [
    { vocab: { der: 3, café: 4 }, stems: { kund: 5 }, han: false },
    { vocab: { 发票: 6, 天: 7 }, stems: {}, han: true },
  ]);

  it('finds words in their columns and reports misses as undefined', () => {
    expect(small.column(0).get('café')).toBe(2);
    expect(small.column(1).get('café')).toBe(4);
    expect(small.column(1, true).get('kund')).toBe(5);
    expect(small.column(1).get('kund')).toBeUndefined();
    expect(small.column(0).get('cafe')).toBeUndefined();
    expect(small.find('nothing')).toBe(-1);
  });

  it('gives unaccented forms and two-character Han words as evidence, single Han characters not', () => {
    expect(small.evidenceBits('cafe')).toBe(0b011);
    expect(small.evidenceBits('kund')).toBe(0b010);
    expect(small.evidenceBits('发票')).toBe(0b100);
    expect(small.evidenceBits('天')).toBe(0);
    expect(small.vocabBits('天')).toBe(0b100);
  });
});

describe('the UTF-8 pool', () => {
  // one, two, three and four UTF-8 bytes per character, and code units that are half of no surrogate pair
  const words = [
    'a',
    'ab',
    'é',
    'ñandú',
    '日本',
    '日本語',
    '😀',
    'x😀y',
    '\ud800',
    '\udc00a',
    'a\ud83d',
    '\u07ff\u0800\uffff',
  ];
  const vocab = Object.fromEntries(words.map((word, row) => [word, row]));
  const built = WordTable.build(vocab, []);
  const misses = ['', 'b', 'e', 'ñandu', '日', '日本語x', '😁', 'x😀', '\ud801', '\udc00', 'a\ud83e', '\u07ff\u0800'];

  it('finds every word, and none of its near misses, when built and when read back from its file', () => {
    const read = decodeWordTable(
      encodeWordTable({ table: built, sourceSha256: '00'.repeat(32), settings: '{}' }),
    ).table;
    for (const table of [built, read]) {
      expect(words.map((word) => table.column(0).get(word))).toEqual(words.map((_, row) => row));
      expect(misses.map((word) => table.column(0).get(word))).toEqual(misses.map(() => undefined));
    }
    expect(read.parts.slots).toEqual(built.parts.slots);
  });

  it('holds each word in its UTF-8 bytes, a lone surrogate in its own three', () => {
    const { records } = built.parts;
    // a record: its header (UTF-8 bytes << 2 | kind; one byte here), then the word's bytes
    const bytes = (word: string) => {
      const entry = built.find(word);
      return [...records.subarray(entry + 1, entry + 1 + ((records[entry] as number) >>> 2))];
    };
    for (const word of ['ab', 'ñandú', '日本語', 'x😀y', '\u07ff\u0800\uffff'])
      expect(bytes(word)).toEqual([...Buffer.from(word)]);
    expect(bytes('\ud800')).toEqual([0xed, 0xa0, 0x80]);
    expect(bytes('a\ud83d')).toEqual([0x61, 0xed, 0xa0, 0xbd]);
  });
});
