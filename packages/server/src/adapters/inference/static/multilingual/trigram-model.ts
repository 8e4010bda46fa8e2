// Character-trigram language model of the Latin-script languages, built from their vocabularies; routes a text in microseconds.

/** What tokenizer.json stores: per trigram, a log-probability for each language (in `languages` order). */
export interface TrigramModel {
  languages: string[];
  trigrams: Record<string, number[]>;
  /** Log-probability of a trigram a language never showed. */
  floor: number[];
}

/** Trigrams of a word padded with spaces ("hat" → " ha", "hat", "at "). */
export function wordTrigrams(word: string, out: string[] = []): string[] {
  const padded = ` ${word} `;
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/** Trigrams seen fewer times than this (weighted, over all languages) are dropped (by default). */
const MIN_TOTAL = 2;
const DECIMALS = 100;

/**
 * Counts trigrams of each language's words, word i weighted 1 / sqrt(i + 1) (lists are most frequent first,
 * and frequent words are what a text is made of), and turns them into smoothed log-probabilities.
 */
export function buildTrigramModel(
  vocabularies: Array<{ language: string; words: readonly string[] }>,
  minTotal = MIN_TOTAL,
): TrigramModel {
  const counts = new Map<string, Float64Array>();
  const totals = new Float64Array(vocabularies.length);
  vocabularies.forEach(({ words }, l) => {
    words.forEach((word, i) => {
      const weight = 1 / Math.sqrt(i + 1);
      for (const trigram of wordTrigrams(word)) {
        let row = counts.get(trigram);
        if (!row) counts.set(trigram, (row = new Float64Array(vocabularies.length)));
        row[l] = (row[l] as number) + weight;
        totals[l] = (totals[l] as number) + weight;
      }
    });
  });
  const kept = [...counts]
    .filter(([, row]) => row.reduce((a, b) => a + b, 0) >= minTotal)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const round = (x: number) => Math.round(x * DECIMALS) / DECIMALS;
  const smoothing = 0.1;
  // One floor for all: a trigram no language showed must not favour the language with the smallest vocabulary.
  const largest = Math.max(...totals);
  const floor = [...totals].map(() => round(Math.log(smoothing / (largest + smoothing * kept.length))));
  const trigrams: Record<string, number[]> = Object.fromEntries(
    kept.map(([trigram, row]) => [
      trigram,
      [...row].map((c, l) => round(Math.log((c + smoothing) / ((totals[l] as number) + smoothing * kept.length)))),
    ]),
  );
  return { languages: vocabularies.map((v) => v.language), trigrams, floor };
}

const SPACE = 0x20;

/**
 * Trigram (three UTF-16 units) → its row: open addressing over int32 keys, so a lookup makes no string and hashes no
 * heap number (a Map of 48-bit keys did both).
 */
class TrigramRows {
  /** (a << 16) | b, and c (-1: empty slot). */
  private readonly ab: Int32Array;
  private readonly c: Int32Array;
  private readonly rows: Int32Array;
  private readonly mask: number;

  constructor(count: number) {
    let size = 16;
    while (size < count * 2) size *= 2;
    this.ab = new Int32Array(size);
    this.c = new Int32Array(size).fill(-1);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
  }

  private slot(ab: number, c: number): number {
    return Math.imul(ab ^ Math.imul(c, 0x27d4eb2d), 0x9e3779b1) >>> 7;
  }

  /** Row of a trigram: the last one set wins, as with a Map. */
  set(a: number, b: number, c: number, row: number): void {
    const ab = (a << 16) | b;
    let slot = this.slot(ab, c) & this.mask;
    while (this.c[slot] !== -1 && !(this.c[slot] === c && this.ab[slot] === ab)) slot = (slot + 1) & this.mask;
    this.ab[slot] = ab;
    this.c[slot] = c;
    this.rows[slot] = row;
  }

  /** Row of a trigram; -1 when the model lacks it. */
  get(a: number, b: number, c: number): number {
    const ab = (a << 16) | b;
    for (let slot = this.slot(ab, c) & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = this.c[slot] as number;
      if (held === -1) return -1;
      if (held === c && this.ab[slot] === ab) return this.rows[slot] as number;
    }
  }
}

/** Scores a text's words under a trigram model (trigrams by their char codes: no strings made per text). */
export class TrigramScorer {
  private readonly rows: TrigramRows;
  private readonly table: Float32Array;
  private readonly floor: Float32Array;
  readonly languages: string[];

  constructor(model: TrigramModel) {
    this.languages = model.languages;
    const n = model.languages.length;
    const entries = Object.entries(model.trigrams);
    this.rows = new TrigramRows(entries.length);
    this.table = new Float32Array(entries.length * n);
    entries.forEach(([trigram, values], row) => {
      this.rows.set(trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2), row);
      this.table.set(values, row * n);
    });
    this.floor = Float32Array.from(model.floor);
  }

  /** Log-probability of the words' trigrams under each language (in `languages` order). */
  scores(words: readonly string[]): Float64Array {
    const n = this.languages.length;
    const scores = new Float64Array(n);
    for (const word of words) {
      let a = SPACE;
      let b = word.charCodeAt(0);
      for (let i = 1; i <= word.length; i++) {
        const c = i < word.length ? word.charCodeAt(i) : SPACE;
        const row = this.rows.get(a, b, c);
        const offset = row * n;
        if (row < 0) for (let l = 0; l < n; l++) scores[l] = (scores[l] as number) + (this.floor[l] as number);
        else for (let l = 0; l < n; l++) scores[l] = (scores[l] as number) + (this.table[offset + l] as number);
        a = b;
        b = c;
      }
    }
    return scores;
  }
}
