// Short texts (1-4 words) in the 13 languages of the multilingual encoder: accuracy over our own fixture, and examples.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageDetector, type FastTextLanguageDetector } from './language-id.js';
import { COVERED_LANGUAGES } from './language-id-words.js';

interface Case {
  lang: string;
  text: string;
}

const { cases } = JSON.parse(readFileSync(new URL('./fixtures/language-id-short.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

let detector: FastTextLanguageDetector;
let lidAlone: FastTextLanguageDetector;

beforeAll(async () => {
  [detector, lidAlone] = await Promise.all([loadLanguageDetector(), loadLanguageDetector({ wordLists: null })]);
});

/** Share of right answers overall and per language, printed with the misses. */
function accuracy(d: FastTextLanguageDetector, name: string): { overall: number; byLanguage: Map<string, number> } {
  const right = new Map<string, number>();
  const total = new Map<string, number>();
  const misses: string[] = [];
  for (const { lang, text } of cases) {
    const answer = d.detect(text);
    total.set(lang, (total.get(lang) ?? 0) + 1);
    if (answer === lang) right.set(lang, (right.get(lang) ?? 0) + 1);
    else misses.push(`${lang}→${answer} ${text}`);
  }
  const byLanguage = new Map([...total].map(([lang, n]) => [lang, (right.get(lang) ?? 0) / n]));
  const overall = (cases.length - misses.length) / cases.length;
  const rates = [...byLanguage].map(([lang, rate]) => `${lang} ${(100 * rate).toFixed(1)}`).join(', ');
  console.info(
    `${name}: ${(100 * overall).toFixed(1)} % of ${cases.length} (${rates})\n  misses: ${misses.join(' | ')}`,
  );
  return { overall, byLanguage };
}

describe('short-text fixture', () => {
  it('holds at least 40 texts of 1-4 words (CJK: at most 12 characters) for each covered language', () => {
    for (const lang of COVERED_LANGUAGES)
      expect(cases.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.lang))).toEqual(new Set(COVERED_LANGUAGES));
    expect(new Set(cases.map((c) => c.text)).size).toBe(cases.length);
    for (const { text } of cases) {
      if (UNSPACED.test(text)) expect([...text].length).toBeLessThanOrEqual(12);
      else expect(text.split(/\s+/).length).toBeLessThanOrEqual(4);
    }
  });

  it('is identified ≥ 90 % right overall and ≥ 80 % in every language', () => {
    const { overall, byLanguage } = accuracy(detector, 'lid.176 + word evidence');
    expect(overall).toBeGreaterThanOrEqual(0.9);
    for (const [lang, rate] of byLanguage) expect([lang, rate >= 0.8]).toEqual([lang, true]);
  });

  it('is a bar lid.176 alone does not meet', () => {
    const { overall, byLanguage } = accuracy(lidAlone, 'lid.176 alone');
    expect(overall).toBeLessThan(0.9);
    expect(byLanguage.get('zh')).toBeLessThan(0.8);
  });
});

describe('short texts lid.176 alone gets wrong', () => {
  it.each([
    ['en', 'terrible'],
    ['en', 'great, I love it'],
    ['en', 'password reset'],
    ['de', 'Passwort vergessen'],
    ['fr', 'remboursement svp'],
    ['pl', 'towar zgodny z opisem'],
    ['it', 'una truffa'],
    ['sv', 'toppen'],
    ['tr', 'harika'],
    ['zh', '退款'],
    ['zh', '骗子'],
    ['ja', '配送遅延'],
  ])('%s: %s', (language, text) => {
    expect(lidAlone.detect(text)).not.toBe(language);
    expect(detector.detect(text)).toBe(language);
  });
});

describe('short texts lid.176 already gets right stay right', () => {
  it.each([
    ['de', 'wo ist mein Paket'],
    ['pl', 'nie działa'],
    ['ru', 'не работает'],
    ['ja', '届かない'],
    ['es', 'no funciona'],
    ['nl', 'werkt niet'],
  ])('%s: %s', (language, text) => {
    expect(lidAlone.detect(text)).toBe(language);
    expect(detector.detect(text)).toBe(language);
  });
});

describe('short texts in languages the word lists do not cover keep lid.176’s answer', () => {
  it.each([
    ['da', 'pakken er ikke kommet'],
    ['da', 'hvor er min pakke'],
    ['fi', 'kiitos avusta'],
    ['cs', 'kde je můj balík'],
    ['hu', 'hol van a csomagom'],
    ['ro', 'mulțumesc pentru ajutor'],
    ['id', 'terima kasih banyak'],
    ['vi', 'cảm ơn nhiều'],
    ['uk', 'скасуйте мою підписку'],
    ['sr', 'хвала на помоћи'],
    ['ko', '감사합니다'],
    ['el', 'δεν λειτουργεί'],
    ['ar', 'لم يصل الطلب'],
  ])('%s: %s', (language, text) => {
    expect(lidAlone.detect(text)).toBe(language);
    expect(detector.detect(text)).toBe(language);
  });
});

describe('without the word lists (the static multilingual encoder not installed)', () => {
  it('still applies the function-word tables and the script rules', async () => {
    const fallback = await loadLanguageDetector({ wordLists: '/nonexistent/tokenizer.json' });
    expect(fallback.detect('great, I love it')).toBe('en');
    expect(fallback.detect('退款')).toBe('zh');
    expect(fallback.detect('届かない')).toBe('ja');
    expect(fallback.detect('terrible')).toBe(lidAlone.detect('terrible'));
  });
});
