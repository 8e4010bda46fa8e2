// Vectors of foreign words as the weighted mean of their translations' vectors in the pivot (English) space.
import { isWordToken } from '@textclass/server/inference';

/** Later translations in an entry weigh less: weight 1 / (1 + TRANSLATION_DECAY × position). */
const TRANSLATION_DECAY = 0.5;
const PHRASE_WORD = /[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*/gu;

/** Looks pivot words up: word → row vector and frequency rank (1 = most frequent). */
export interface PivotSpace {
  dimension: number;
  lookup(word: string): { vector: Float32Array; rank: number } | undefined;
}

/** Mean vector of a translation phrase and the rank of its rarest word; undefined unless most of its words are known. */
export function phraseVector(space: PivotSpace, phrase: string): { vector: Float32Array; rank: number } | undefined {
  const words = phrase.match(PHRASE_WORD) ?? [];
  if (words.length === 0) return undefined;
  const sum = new Float32Array(space.dimension);
  let known = 0;
  let rank = 0;
  for (const word of words) {
    const hit = space.lookup(word);
    if (!hit) continue;
    known++;
    rank = Math.max(rank, hit.rank);
    for (let d = 0; d < space.dimension; d++) sum[d] = (sum[d] as number) + (hit.vector[d] as number);
  }
  if (known === 0 || known * 2 < words.length) return undefined;
  for (let d = 0; d < space.dimension; d++) sum[d] = (sum[d] as number) / known;
  return { vector: sum, rank };
}

interface Accumulated {
  sum: Float32Array;
  weight: number;
  /** Σ weight × |translation vector|: the mean is rescaled to this average length. */
  lengths: number;
  rank: number;
}

function length(v: Float32Array): number {
  let sum = 0;
  for (const x of v) sum += x * x;
  return Math.sqrt(sum);
}

/** v scaled to the given length (unchanged when v is zero). */
export function withLength(v: Float32Array, target: number): Float32Array {
  const current = length(v);
  return current === 0 ? v : v.map((x) => (x * target) / current);
}

/** Sums translation vectors per foreign word; words that the tokenizer cannot produce are skipped. */
export class TranslationAccumulator {
  readonly words = new Map<string, Accumulated>();

  constructor(readonly dimension: number) {}

  add(word: string, vector: Float32Array, weight: number, rank: number): void {
    if (!isWordToken(word)) return;
    let entry = this.words.get(word);
    if (!entry) {
      entry = { sum: new Float32Array(this.dimension), weight: 0, lengths: 0, rank: Number.POSITIVE_INFINITY };
      this.words.set(word, entry);
    }
    for (let d = 0; d < this.dimension; d++) entry.sum[d] = (entry.sum[d] as number) + weight * (vector[d] as number);
    entry.weight += weight;
    entry.lengths += weight * length(vector);
    entry.rank = Math.min(entry.rank, rank);
  }

  /**
   * A foreign headword with its translations (first sense first). The headword's frequency rank is taken from its
   * first translation found (a rare word's main sense is a rare word), divided by rankDivisor for common words.
   */
  addEntry(space: PivotSpace, headwords: string[], translations: string[], rankDivisor = 1): void {
    let rank: number | undefined;
    translations.forEach((translation, position) => {
      const hit = phraseVector(space, translation);
      if (!hit) return;
      rank ??= hit.rank / rankDivisor;
      for (const headword of headwords) this.add(headword, hit.vector, 1 / (1 + TRANSLATION_DECAY * position), rank);
    });
  }

  /** A pivot-language headword with its translations into the foreign language. */
  addReversed(space: PivotSpace, headword: string, translations: string[]): void {
    const hit = phraseVector(space, headword);
    if (!hit) return;
    translations.forEach((translation, position) => {
      this.add(translation, hit.vector, 1 / (1 + TRANSLATION_DECAY * position), hit.rank);
    });
  }

  /**
   * Weighted mean direction of a word's translations, at their weighted mean length: averaging translations that
   * disagree would shorten the vector and let function words (short by SIF weighting) outweigh it in a sentence.
   */
  mean(word: string): { vector: Float32Array; weight: number; rank: number } | undefined {
    const entry = this.words.get(word);
    if (!entry || entry.weight === 0) return undefined;
    const vector = withLength(
      entry.sum.map((v) => v / entry.weight),
      entry.lengths / entry.weight,
    );
    return { vector, weight: entry.weight, rank: entry.rank };
  }
}
