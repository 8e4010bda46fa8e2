// Script rules and word weighing of short-text language id, on small written word lists and given lid.176 answers.
import { describe, expect, it } from 'vitest';
import { hanLanguage, hanWordsByLanguage, hasNonRussianCyrillic, textScript } from './language-id-script.js';
import { ShortTextLanguage, type LanguageProbability } from './language-id-short.js';
import { coveredWords, textWords, wordListsOf } from './language-id-words.js';

const words = coveredWords(
  wordListsOf({
    vocab: { terrible: 1, refund: 2, please: 3 },
    languages: {
      fr: { script: 'latin', vocab: { terrible: 4, remboursement: 5 }, stemmer: 'french' },
      es: { script: 'latin', vocab: { terrible: 6, reembolso: 7 }, stemmer: 'spanish' },
      de: { script: 'latin', vocab: { paket: 8, kunde: 9, service: 10 }, stemmer: 'german', compounds: true },
      ru: { script: 'cyrillic', vocab: { работать: 11 }, stemmer: 'russian' },
      ja: { script: 'kana', vocab: { 遅延: 12, 配送: 13, 返品: 14, とても: 15 }, stemmer: 'japanese-okurigana' },
      zh: { script: 'han', vocab: { 配送: 16, 退款: 17, 延迟: 18 }, stemmer: null },
    },
  }),
);
const short = new ShortTextLanguage(words);
const lid =
  (...answers: Array<[string, number]>) =>
  (): LanguageProbability[] =>
    answers.map(([language, probability]) => ({ language, probability }));

describe('textScript', () => {
  it('is kana when any hiragana or katakana is there, else the script of most letters', () => {
    expect(textScript('届かない')).toBe('kana');
    expect(textScript('iPhoneが壊れた')).toBe('kana');
    expect(textScript('退款')).toBe('han');
    expect(textScript('iPhone 退款 退款 退款')).toBe('han');
    expect(textScript('не работает')).toBe('cyrillic');
    expect(textScript('nie działa')).toBe('latin');
    expect(textScript('배송이 안 왔어요')).toBe('other');
    expect(textScript('ยังไม่ได้รับของ')).toBe('other');
    expect(textScript('لم يصل الطلب')).toBe('other');
    expect(textScript('12345 !!!')).toBe('none');
  });
});

describe('hasNonRussianCyrillic', () => {
  it('finds letters of Ukrainian, Belarusian, Serbian, Kazakh… and none in Russian', () => {
    expect(hasNonRussianCyrillic('не работает, всё плохо')).toBe(false);
    expect(hasNonRussianCyrillic('ЁЖИК')).toBe(false);
    expect(hasNonRussianCyrillic('скасуйте мою підписку')).toBe(true);
    expect(hasNonRussianCyrillic('пасылка не прыйшла ў')).toBe(true);
    expect(hasNonRussianCyrillic('хвала на помоћи')).toBe(true);
    expect(hasNonRussianCyrillic('сәлемдеме келмеді')).toBe(true);
    expect(hasNonRussianCyrillic('hello')).toBe(false);
  });
});

describe('Chinese characters without kana', () => {
  it('counts 2-4 character strings only one language lists', () => {
    expect(hanWordsByLanguage('配送遅延', words)).toEqual({ japanese: 1, chinese: 0 });
    expect(hanWordsByLanguage('配送延迟', words)).toEqual({ japanese: 0, chinese: 1 });
    expect(hanWordsByLanguage('配送', words)).toEqual({ japanese: 0, chinese: 0 });
  });

  it('are Chinese unless Japanese-only words outnumber Chinese-only ones more than twice', () => {
    expect(hanLanguage('配送遅延', words)).toBe('ja');
    expect(hanLanguage('返品', words)).toBe('ja');
    expect(hanLanguage('配送', words)).toBe('zh');
    expect(hanLanguage('退款', words)).toBe('zh');
    expect(hanLanguage('返品遅延退款', words)).toBe('zh');
    expect(hanLanguage('很好', words)).toBe('zh');
  });
});

describe('ShortTextLanguage script rules', () => {
  it('answers ja for any kana, whatever lid.176 says, without asking it', () => {
    const never = () => {
      throw new Error('lid.176 asked');
    };
    expect(short.guess('とても', never)).toEqual({ language: 'ja', confidence: 1 });
    expect(short.guess('荷物はどこ', never)).toEqual({ language: 'ja', confidence: 1 });
    expect(short.guess('退款', never)).toEqual({ language: 'zh', confidence: 1 });
    expect(short.guess('配送遅延', never)).toEqual({ language: 'ja', confidence: 1 });
  });

  it('answers ru for Russian letters unless lid.176 is sure of another language whose words Russian lacks', () => {
    expect(short.guess('не работает', lid(['bg', 0.3], ['ru', 0.2]))).toEqual({ language: 'ru', confidence: 1 });
    expect(short.guess('спасибо', lid(['en', 0.1]))).toEqual({ language: 'ru', confidence: 1 });
    expect(short.guess('благодаря за помощта', lid(['bg', 0.9]))).toBeUndefined();
    expect(short.guess('не работает', lid(['ru', 0.9]))).toBeUndefined();
    expect(short.guess('скасуйте мою підписку', lid(['uk', 0.4]))).toBeUndefined();
  });

  it('leaves Hangul, Thai, Arabic, Greek… and text without letters to lid.176', () => {
    for (const text of ['감사합니다', 'ยังไม่ได้รับของ', 'لم يصل الطلب', 'δεν λειτουργεί', '12345']) {
      expect(short.guess(text, lid(['en', 0.5]))).toBeUndefined();
    }
  });
});

describe('ShortTextLanguage word weighing (Latin script)', () => {
  it('prefers the covered language whose words these are over an unsure uncovered guess', () => {
    expect(short.guess('terrible', lid(['ca', 0.55], ['en', 0.22], ['es', 0.07]))?.language).toBe('en');
    expect(short.guess('remboursement', lid(['ro', 0.4], ['en', 0.1]))?.language).toBe('fr');
  });

  it('moves from one covered language to another whose words the text is made of', () => {
    expect(short.guess('refund please', lid(['de', 0.6], ['en', 0.2]))?.language).toBe('en');
    expect(short.guess('kundenservice', lid(['en', 0.7], ['de', 0.05]))?.language).toBe('de');
  });

  it('keeps an uncovered language lid.176 is sure of, or when covered languages know too few of the words', () => {
    expect(short.guess('terrible', lid(['ca', 0.95]))).toBeUndefined();
    expect(short.guess('terrible obrigat molt', lid(['ca', 0.45]))).toBeUndefined();
    expect(short.guess('xyzzy', lid(['en', 0.3]))).toBeUndefined();
  });

  it('gives a confidence in (0, 1] that lower when the evidence is split', () => {
    const sure = short.guess('refund please', lid(['en', 0.6]))?.confidence ?? 0;
    const split = short.guess('terrible', lid(['en', 0.3], ['fr', 0.3], ['es', 0.3]))?.confidence ?? 0;
    expect(sure).toBeGreaterThan(split);
    expect(split).toBeGreaterThan(0);
    expect(sure).toBeLessThanOrEqual(1);
  });
});

describe('textWords', () => {
  it('splits elisions and hyphens, lowercases, and segments Chinese and Japanese', () => {
    expect(textWords("L'application plante, remboursez-moi!")).toEqual([
      'l',
      'application',
      'plante',
      'remboursez',
      'moi',
    ]);
    expect(textWords("Can't log in")).toEqual(['can', 't', 'log', 'in']);
    expect(textWords('荷物はどこ').length).toBeGreaterThan(1);
  });
});
