// Script rules of short-text language id: the script a text is written in, non-Russian Cyrillic letters, Japanese-only kanji words.
import { COVERED_LANGUAGES, type CoveredWords } from './language-id-words.js';

/** kana: any hiragana or katakana; otherwise the script most of the letters are in ('other': Hangul, Thai, Arabic…). */
export type TextScript = 'kana' | 'han' | 'cyrillic' | 'latin' | 'other' | 'none';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTERS = /\p{L}/gu;
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
/** Cyrillic letters Russian does not use (Ukrainian і ї є ґ, Belarusian ў, Serbian ђ ј љ њ ћ џ, Kazakh ә ғ қ ң ө ұ ү һ…). */
const NON_RUSSIAN_CYRILLIC = /[^\P{Script=Cyrillic}а-яёА-ЯЁ]/u;
const HAN_RUN = /\p{Script=Han}+/gu;
/** Longest Chinese-character string looked up as one word. */
const MAX_HAN_WORD = 4;

export function textScript(text: string): TextScript {
  if (KANA.test(text)) return 'kana';
  const counts = { han: 0, cyrillic: 0, latin: 0, other: 0 };
  for (const [letter] of text.matchAll(LETTERS)) {
    if (HAN.test(letter)) counts.han++;
    else if (CYRILLIC.test(letter)) counts.cyrillic++;
    else if (LATIN.test(letter)) counts.latin++;
    else counts.other++;
  }
  let best: TextScript = 'none';
  let most = 0;
  for (const [script, count] of Object.entries(counts) as Array<[keyof typeof counts, number]>) {
    if (count > most) {
      best = script;
      most = count;
    }
  }
  return best;
}

/** True when the text has a Cyrillic letter outside the Russian alphabet: another Cyrillic language, not Russian. */
export function hasNonRussianCyrillic(text: string): boolean {
  return NON_RUSSIAN_CYRILLIC.test(text);
}

/** Strings of 2-4 Chinese characters in the text that only the Japanese, resp. only the Chinese, word list holds. */
export function hanWordsByLanguage(text: string, words: CoveredWords): { japanese: number; chinese: number } {
  const ja = 1 << COVERED_LANGUAGES.indexOf('ja');
  const zh = 1 << COVERED_LANGUAGES.indexOf('zh');
  let japanese = 0;
  let chinese = 0;
  for (const [run] of text.matchAll(HAN_RUN)) {
    const chars = [...run];
    for (let start = 0; start < chars.length; start++) {
      for (let end = start + 2; end <= Math.min(chars.length, start + MAX_HAN_WORD); end++) {
        const bits = words.hanWord(chars.slice(start, end).join('')) & (ja | zh);
        if (bits === ja) japanese++;
        else if (bits === zh) chinese++;
      }
    }
  }
  return { japanese, chinese };
}

/**
 * A text of Chinese characters without kana is Chinese unless the word lists say Japanese strongly: some strings only
 * the Japanese list holds, more than twice as many as only the Chinese list holds (配送遅延, 返品希望 are Japanese).
 */
export function hanLanguage(text: string, words: CoveredWords): 'ja' | 'zh' {
  const { japanese, chinese } = hanWordsByLanguage(text, words);
  return japanese > 0 && japanese > 2 * chinese ? 'ja' : 'zh';
}
