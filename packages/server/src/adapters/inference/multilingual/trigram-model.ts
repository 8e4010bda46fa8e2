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
  const trigrams: Record<string, number[]> = {};
  for (const [trigram, row] of kept) {
    trigrams[trigram] = [...row].map((c, l) =>
      round(Math.log((c + smoothing) / ((totals[l] as number) + smoothing * kept.length))),
    );
  }
  return { languages: vocabularies.map((v) => v.language), trigrams, floor };
}

const SPACE = 0x20;
const key = (a: number, b: number, c: number) => (a * 0x10000 + b) * 0x10000 + c;

/** Scores a text's words under a trigram model (trigrams as numeric keys: no strings made per text). */
export class TrigramScorer {
  private readonly rows = new Map<number, number>();
  private readonly table: Float32Array;
  private readonly floor: Float32Array;
  readonly languages: string[];

  constructor(model: TrigramModel) {
    this.languages = model.languages;
    const n = model.languages.length;
    const entries = Object.entries(model.trigrams);
    this.table = new Float32Array(entries.length * n);
    entries.forEach(([trigram, values], row) => {
      this.rows.set(key(trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2)), row * n);
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
        const offset = this.rows.get(key(a, b, c));
        if (offset === undefined)
          for (let l = 0; l < n; l++) scores[l] = (scores[l] as number) + (this.floor[l] as number);
        else for (let l = 0; l < n; l++) scores[l] = (scores[l] as number) + (this.table[offset + l] as number);
        a = b;
        b = c;
      }
    }
    return scores;
  }
}
