// Function words inside one language's lookup: they come before the table, join Japanese segments, split Chinese runs, count for routing.
import { describe, expect, it } from 'vitest';
import type { LanguageTable } from '../tokenizer-config.js';
import { WordLookup } from './word-lookup.js';
import { LanguageRouter } from './route-language.js';

const table = (vocab: Record<string, number>, over: Partial<LanguageTable> = {}): LanguageTable => ({
  script: 'latin',
  vocab,
  stems: {},
  stemmer: null,
  compounds: false,
  ...over,
});
const NOT = 1;
const CAN = 2;
const PLEASE = 3;
const MY = 4;

describe('WordLookup with function words', () => {
  it('gives a function word its English rows before the table (kann is "can", not Kanne), and none for a dropped one', () => {
    const german = new WordLookup(
      'de',
      table({ kann: 100, konto: 101 }),
      new Map([
        ['kann', [CAN]],
        ['sich', []],
      ]),
    );
    const ids: number[] = [];
    expect(german.resolve('kann', ids)).toBe(true);
    expect(german.resolve('sich', ids)).toBe(true);
    expect(german.resolve('konto', ids)).toBe(true);
    expect(ids).toEqual([CAN, 101]);
  });

  it('reads a two-word phrase as one function word, and its first word alone as usual', () => {
    const spanish = new WordLookup('es', table({ por: 100, favor: 101 }), new Map([['por favor', [PLEASE]]]));
    const ids: number[] = [];
    expect(spanish.resolvePhrase(['por', 'favor'], 0, ids)).toBe(2);
    expect(spanish.resolvePhrase(['por', 'eso'], 0, ids)).toBe(0);
    expect(spanish.resolvePhrase(['por'], 0, ids)).toBe(0);
    expect(ids).toEqual([PLEASE]);
  });

  it('reads the longest phrase of several words that starts at a word (deixou a desejar → disappointing)', () => {
    const LEFT = 5;
    const DISAPPOINTING = 6;
    const WORTH = 7;
    const portuguese = new WordLookup(
      'pt',
      table({ deixou: 100, a: 101, desejar: 102 }),
      new Map([
        ['deixou', [LEFT]],
        ['deixou a desejar', [DISAPPOINTING]],
        ['deixou a', [LEFT]],
        ['vale a pena', [WORTH]],
      ]),
    );
    const ids: number[] = [];
    expect(portuguese.resolvePhrase(['o', 'serviço', 'deixou', 'a', 'desejar'], 2, ids)).toBe(3);
    expect(ids).toEqual([DISAPPOINTING]);
    // A shorter phrase when the longer one is cut off, none when only the first word is there.
    expect(portuguese.resolvePhrase(['deixou', 'a'], 0, ids)).toBe(2);
    expect(portuguese.resolvePhrase(['deixou', 'tudo'], 0, ids)).toBe(0);
    expect(portuguese.resolvePhrase(['vale', 'a'], 0, ids)).toBe(0);
    expect(portuguese.resolvePhrase(['vale', 'a', 'pena'], 0, ids)).toBe(3);
    expect(ids).toEqual([DISAPPOINTING, LEFT, WORTH]);
  });

  it('keeps Japanese endings apart from the verb and joins their segments into function words (届きませんでした → not)', () => {
    const japanese = new WordLookup(
      'ja',
      table({ 荷物: 100 }, { script: 'kana', stemmer: 'japanese-okurigana', stems: { 届: 101 } }),
      new Map([
        ['ません', [NOT]],
        ['ませんでした', [NOT]],
        ['が', []],
        ['まだ', [5]],
      ]),
    );
    const words = japanese.joinSegments(['荷物', 'が', 'まだ', '届', 'き', 'ま', 'せん', 'で', 'した']);
    expect(words).toEqual(['荷物', 'が', 'まだ', '届き', 'ませんでした']);
    const ids: number[] = [];
    for (const word of words) japanese.resolve(word, ids);
    expect(ids).toEqual([100, 5, 101, NOT]);
  });

  it('splits an unknown run of Chinese characters into function words and table words, a function word winning a tie', () => {
    const chinese = new WordLookup(
      'zh',
      table({ 包裹: 100, 的: 101, 的士: 102 }, { script: 'han' }),
      new Map([
        ['的', [6]],
        ['我的', [MY]],
        ['没有', [NOT]],
      ]),
    );
    const ids: number[] = [];
    expect(chinese.resolve('我的包裹没有', ids)).toBe(true);
    expect(chinese.resolve('的', ids)).toBe(true);
    expect(ids).toEqual([MY, 100, NOT, 6]);
  });
});

describe('LanguageRouter with function words', () => {
  it('counts a function word missing from the table as a known word of its language', () => {
    const english = new Map([
      ['the', 1],
      ['account', 2],
    ]);
    const german = new WordLookup(
      'de',
      table({ konto: 100 }),
      new Map([
        ['ist', [7]],
        ['mein', [MY]],
        ['nicht', [NOT]],
      ]),
    );
    const without = new WordLookup('de', table({ konto: 100 }));
    const words = ['mein', 'konto', 'ist', 'nicht', 'account'];
    expect(new LanguageRouter(english, [german]).route('', words)?.code).toBe('de');
    expect(new LanguageRouter(english, [without]).route('', words)).toBeUndefined();
  });
});
