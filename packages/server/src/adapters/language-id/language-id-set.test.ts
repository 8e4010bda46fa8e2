// Language id on our own test set (30 languages, short and long texts, texts without letters): accuracy and known misses.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageDetector, UNDETERMINED, type FastTextLanguageDetector } from './language-id.js';

interface Case {
  lang: string;
  kind: 'short' | 'long' | 'none';
  text: string;
}
interface KnownMiss {
  text: string;
  answer: string;
  reason: string;
}

const set = JSON.parse(readFileSync(new URL('./fixtures/language-id-set.json', import.meta.url), 'utf8')) as {
  cases: Case[];
  known_misses: KnownMiss[];
};
const known = new Map(set.known_misses.map((m) => [m.text, m]));
let detector: FastTextLanguageDetector;

beforeAll(async () => {
  detector = await loadLanguageDetector();
});

function accuracy(kind: Case['kind']): number {
  const cases = set.cases.filter((c) => c.kind === kind);
  return cases.filter((c) => detector.detect(c.text) === c.lang).length / cases.length;
}

describe('language identification test set', () => {
  it('covers at least 20 languages with two short texts (2-4 words) and one long text each', () => {
    const languages = new Set(set.cases.filter((c) => c.kind !== 'none').map((c) => c.lang));
    expect(languages.size).toBeGreaterThanOrEqual(20);
    for (const lang of languages) {
      const cases = set.cases.filter((c) => c.lang === lang);
      expect(
        cases
          .filter((c) => c.kind === 'short')
          .every((c) => c.text.split(/\s+/).length <= 4 || /[\u3040-\u30ff\u4e00-\u9fff\u0e00-\u0e7f]/u.test(c.text)),
      ).toBe(true);
      expect(cases.filter((c) => c.kind === 'long')).toHaveLength(1);
    }
  });

  it.each(set.cases.filter((c) => !known.has(c.text)))('$lang ($kind): $text', ({ lang, text }) => {
    expect(detector.detect(text)).toBe(lang);
  });

  it.each(set.known_misses)('documented miss still answers $answer: $text', ({ text, answer }) => {
    expect(detector.detect(text)).toBe(answer);
  });

  it('meets the bar: every long text, ≥ 90 % of short texts, every text without letters → und', () => {
    expect(accuracy('long')).toBe(1);
    expect(accuracy('short')).toBeGreaterThanOrEqual(0.9);
    expect(accuracy('none')).toBe(1);
    expect(set.cases.filter((c) => c.kind === 'none').every((c) => c.lang === UNDETERMINED)).toBe(true);
  });
});
