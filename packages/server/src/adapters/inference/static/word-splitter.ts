// Splits text into normalised words: Unicode word runs joined by apostrophes, hyphens and dots; unspaced scripts by Intl.Segmenter.

/** A word: letters, marks and digits, optionally joined by single apostrophes, hyphens or dots. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\-.][\p{L}\p{M}\p{N}]+)*/gu;
const WHOLE_WORD = /^[\p{L}\p{M}\p{N}]+(?:['\-.][\p{L}\p{M}\p{N}]+)*$/u;
/** Scripts written without spaces between words: split these runs with Intl.Segmenter. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const APOSTROPHES = /[\u2019\u02BC\u2018\u0060\u00B4]/g;
const HYPHENS = /[\u2010\u2011]/g;
/** Turkish capital dotted I (İ). */
const DOTTED_CAPITAL_I = /\u0130/g;
/** Below U+0300 NFC changes nothing (no combining mark to compose with, no singleton) and no script is unspaced. */
const SIMPLE_END = 0x300;
const BEYOND_SIMPLE = /[^\x00-\u02ff]/;
const HAS_APOSTROPHE = /[\u2019\u02BC\u2018\u0060\u00B4]/;
/** Per code point below SIMPLE_END: 1 where WORD's [\p{L}\p{M}\p{N}] matches it (worked out from the class itself). */
const SIMPLE_WORD_CHAR = Uint8Array.from({ length: SIMPLE_END }, (_, code) =>
  /[\p{L}\p{M}\p{N}]/u.test(String.fromCharCode(code)) ? 1 : 0,
);
/** A word character of a text below U+0300. */
const isSimpleWordChar = (text: string, i: number) => SIMPLE_WORD_CHAR[text.charCodeAt(i)] === 1;
/** ', - and . (WORD's joiners; the other apostrophes are ' once APOSTROPHES has replaced them). */
const isJoiner = (code: number) => code === 0x27 || code === 0x2d || code === 0x2e;

/** End of the run of word characters from i (a text below U+0300). */
function simpleRunEnd(text: string, i: number): number {
  while (i < text.length && isSimpleWordChar(text, i)) i++;
  return i;
}

let segmenter: Intl.Segmenter | undefined;
function unspacedWords(run: string): string[] {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  const out: string[] = [];
  for (const part of segmenter.segment(run)) if (part.isWordLike) out.push(part.segment);
  return out;
}

/** True when the tokenizer can produce this exact string as one word (used to filter vocabularies). */
export function isWordToken(word: string): boolean {
  return WHOLE_WORD.test(word);
}

/** Normalised words of a text (NFC, one apostrophe and hyphen, lowercased when `lowercase`), in order. */
export function splitWords(text: string, lowercase: boolean): string[] {
  const simple = BEYOND_SIMPLE.test(text) ? undefined : simpleWords(text, lowercase);
  if (simple) return simple;
  let normal = text.normalize('NFC').replace(APOSTROPHES, "'").replace(HYPHENS, '-');
  // Turkish İ lowercases to i + U+0307 (a combining dot) outside a Turkish locale; its lowercase is i.
  if (lowercase) normal = normal.replace(DOTTED_CAPITAL_I, 'i').toLowerCase();
  const out: string[] = [];
  for (const match of normal.matchAll(WORD)) {
    const word = match[0];
    if (UNSPACED.test(word)) out.push(...unspacedWords(word));
    else out.push(word);
  }
  return out;
}

/**
 * splitWords() of a text below U+0300 (English and most Latin-script text), without the word pattern: NFC leaves such
 * text as it is, no character there is written unspaced, and a table says which are word characters. undefined
 * when lowercasing took a character past U+0300 (İ → i + U+0307): the general path handles that.
 */
function simpleWords(text: string, lowercase: boolean): string[] | undefined {
  let normal = HAS_APOSTROPHE.test(text) ? text.replace(APOSTROPHES, "'") : text;
  if (lowercase) {
    normal = normal.toLowerCase();
    if (BEYOND_SIMPLE.test(normal)) return undefined;
  }
  const out: string[] = [];
  for (let i = 0; i < normal.length;) {
    if (!isSimpleWordChar(normal, i)) {
      i++;
      continue;
    }
    const start = i;
    i = simpleRunEnd(normal, i);
    while (i + 1 < normal.length && isJoiner(normal.charCodeAt(i)) && isSimpleWordChar(normal, i + 1))
      i = simpleRunEnd(normal, i + 1);
    out.push(normal.slice(start, i));
  }
  return out;
}
