// Word lookup inside one language's table, and routing of texts between languages by script, trigrams and known words.
import { describe, expect, it } from 'vitest';
import type { LanguageTable } from '../tokenizer-config.js';
import { WordLookup } from './word-lookup.js';
import { LanguageRouter } from './route-language.js';
import { stemmerFor } from './stemmers.js';
import { buildTrigramModel } from './trigram-model.js';

const table = (vocab: string[], over: Partial<LanguageTable> = {}): LanguageTable => ({
  script: 'latin',
  vocab: Object.fromEntries(vocab.map((w, i) => [w, 100 + i])),
  stems: {},
  stemmer: null,
  compounds: false,
  ...over,
});

describe('WordLookup', () => {
  const german = new WordLookup(
    'de',
    table(['kunde', 'service', 'rechnung', 'arbeit', 'platz', 'über'], {
      stemmer: 'german',
      stems: { [stemmerFor('german')('rechnungen')]: 102 },
      compounds: true,
    }),
  );

  it('finds a word as written, without accents, and through its stem', () => {
    const ids: number[] = [];
    expect(german.resolve('kunde', ids)).toBe(true);
    expect(german.resolve('uber', ids)).toBe(false);
    expect(german.resolve('rechnungen', ids)).toBe(true);
    expect(ids).toEqual([100, 102]);
  });

  it('splits unknown compounds into two known words, with or without a linking s', () => {
    const ids: number[] = [];
    expect(german.resolve('kundenservice', ids)).toBe(true);
    expect(german.resolve('arbeitsplatz', ids)).toBe(true);
    expect(ids).toEqual([100, 101, 103, 104]);
    expect(german.resolve('xyzservice', [])).toBe(false);
  });

  it('looks an unknown form up through its stem as a word when no other word claims the stem', () => {
    const japanese = new WordLookup(
      'ja',
      table(['間違', '届く'], { script: 'kana', stemmer: 'japanese-okurigana', stems: { 届: 101 } }),
    );
    const ids: number[] = [];
    expect(japanese.resolve('間違え', ids)).toBe(true);
    expect(japanese.resolve('届き', ids)).toBe(true);
    expect(ids).toEqual([100, 101]);
  });

  it('joins Japanese segments back into dictionary words ending after their kanji and one inflection, and keeps kana marks', () => {
    const japanese = new WordLookup(
      'ja',
      table(['三回', '間違', '請求書', 'か'], { script: 'kana', stemmer: 'japanese-okurigana' }),
    );
    expect(japanese.joinSegments(['三', '回', '間', '違', 'え', 'たら', 'アカウント', '請求', '書'])).toEqual([
      '三回',
      '間違え',
      'たら',
      'アカウント',
      '請求書',
    ]);
    expect(japanese.resolve('が', [])).toBe(false);
  });

  it('resolves elided French words part by part', () => {
    const french = new WordLookup('fr', table(['le', 'ordinateur']));
    const ids: number[] = [];
    expect(french.resolve("l'ordinateur", ids)).toBe(true);
    expect(ids).toEqual([101]);
  });

  it('falls back to the longest known runs of Chinese characters, skipping kana', () => {
    const chinese = new WordLookup('zh', table(['发票', '问题', '天'], { script: 'han' }));
    const ids: number[] = [];
    expect(chinese.resolve('发票问题天', ids)).toBe(true);
    expect(ids).toEqual([100, 101, 102]);
    expect(chinese.resolve('ろくでなし', [])).toBe(false);
  });
});

describe('LanguageRouter', () => {
  const english = new Map(['the', 'invoice', 'is', 'wrong', 'my', 'account', 'die', 'was'].map((w, i) => [w, i + 1]));
  const german = new WordLookup('de', table(['die', 'rechnung', 'ist', 'falsch', 'mein', 'konto', 'was']));
  const spanish = new WordLookup('es', table(['la', 'factura', 'es', 'incorrecta', 'mi', 'cuenta']));
  const russian = new WordLookup('ru', table(['счёт'], { script: 'cyrillic' }));
  const japanese = new WordLookup('ja', table(['請求書'], { script: 'kana' }));
  const chinese = new WordLookup('zh', table(['发票'], { script: 'han' }));
  const languages = [german, spanish, russian, japanese, chinese];

  it('routes by script first', () => {
    const router = new LanguageRouter(english, languages);
    expect(router.route('請求書が間違っています', ['請求書', 'が', '間違っています'])?.code).toBe('ja');
    expect(router.route('发票错了', ['发票', '错了'])?.code).toBe('zh');
    expect(router.route('счёт неверный', ['счёт', 'неверный'])?.code).toBe('ru');
  });

  it('routes Latin-script texts to the vocabulary that knows most words; ties stay in the default language', () => {
    const router = new LanguageRouter(english, languages);
    expect(router.route('', ['die', 'rechnung', 'ist', 'falsch'])?.code).toBe('de');
    expect(router.route('', ['la', 'factura', 'es', 'incorrecta'])?.code).toBe('es');
    expect(router.route('', ['the', 'invoice', 'is', 'wrong'])).toBeUndefined();
    expect(router.route('', ['die', 'was'])).toBeUndefined();
  });

  it('lets character trigrams decide where words are unknown', () => {
    const model = buildTrigramModel(
      [
        { language: 'en', words: ['the', 'invoice', 'wrong', 'account', 'nothing', 'thing', 'with', 'which'] },
        { language: 'de', words: ['rechnung', 'falsch', 'konto', 'nicht', 'ich', 'sich', 'achtung', 'schlecht'] },
        { language: 'es', words: ['factura', 'cuenta', 'nada', 'cosa', 'para', 'cuando'] },
      ],
      0,
    );
    const router = new LanguageRouter(english, languages, model);
    expect(router.route('', ['schlechtigkeit'])?.code).toBe('de');
    expect(router.route('', ['cuandonada'])?.code).toBe('es');
    expect(router.route('', ['somethingwith'])).toBeUndefined();
  });
});
