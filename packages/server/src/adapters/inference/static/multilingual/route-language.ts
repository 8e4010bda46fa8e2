// Picks a text's language for the tokenizer: by script (ja, zh, ru), else by character trigrams plus known words.
import type { WordLookup } from './word-lookup.js';
import { TrigramScorer, type TrigramModel } from './trigram-model.js';
import type { WordColumn } from './word-table.js';

const NOT_LATIN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Cyrillic}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** Log-odds a word adds to each Latin-script language whose vocabulary holds it as written. */
export const KNOWN_WORD_WEIGHT = 6;
/** Known words settle the language without trigrams when one language knows this many more than any other… */
const DECISIVE_LEAD = 3;
/** …and knows at least this share of the words. */
const DECISIVE_SHARE = 0.6;
const DEFAULT = 'en';

export class LanguageRouter {
  /** Latin-script candidates: the default language (undefined) first, then the others in table order. */
  private readonly latin: Array<WordLookup | undefined>;
  /** Word → bit i set when latin[i]'s function words hold it (vocabularies are asked through vocabBits). */
  private readonly functionWords = new Map<string, number>();
  /** Bit j (0: the default language, j: languages[j - 1]) set when that vocabulary holds the word. */
  private readonly vocabBits: (word: string) => number;
  /** Bit j of vocabBits → bit of latin (0: not a Latin-script candidate). */
  private readonly latinBit: number[];
  private readonly trigrams: TrigramScorer | undefined;
  /** latin[i] ↔ trigram model column. */
  private readonly columns: number[];
  private readonly byScript: Partial<Record<string, WordLookup>> = {};
  /** bestLatin's known-word counts, one per Latin candidate (reused: a typed array per call costs more than the count). */
  private readonly hits: Float64Array;

  /**
   * @param vocabBits which vocabularies hold a word, in one lookup (a compact table's); absent: each one is asked
   */
  constructor(
    defaultVocab: WordColumn,
    languages: readonly WordLookup[],
    model?: TrigramModel,
    vocabBits?: (word: string) => number,
  ) {
    for (const l of languages) this.byScript[l.table.script] ??= l;
    this.latin = [undefined, ...languages.filter((l) => l.table.script === 'latin')];
    this.latin.forEach((language, i) => {
      for (const word of language?.functionRows.keys() ?? [])
        this.functionWords.set(word, (this.functionWords.get(word) ?? 0) | (1 << i));
    });
    this.latinBit = [undefined, ...languages].map((l) => {
      const i = this.latin.indexOf(l);
      return i < 0 ? 0 : 1 << i;
    });
    const vocabularies = [defaultVocab, ...languages.map((l) => l.vocab)];
    this.vocabBits =
      vocabBits ??
      ((word) => {
        let bits = 0;
        vocabularies.forEach((vocab, j) => {
          if (vocab.get(word) !== undefined) bits |= 1 << j;
        });
        return bits;
      });
    this.trigrams = model ? new TrigramScorer(model) : undefined;
    this.columns = this.latin.map((l) => model?.languages.indexOf(l?.code ?? DEFAULT) ?? -1);
    this.hits = new Float64Array(this.latin.length);
  }

  /**
   * The language to look the words up in; undefined: the default language.
   * @param known what known() gives for words[i] (a caller that remembers it per word; absent: asked here)
   */
  route(text: string, words: readonly string[], known?: (word: string, i: number) => number): WordLookup | undefined {
    if (NOT_LATIN.test(text)) {
      if (KANA.test(text)) return this.byScript.kana ?? this.byScript.han;
      if (HAN.test(text)) return this.byScript.han ?? this.byScript.kana;
      let cyrillic = 0;
      for (const word of words) if (CYRILLIC.test(word)) cyrillic++;
      if (cyrillic * 2 > words.length) return this.byScript.cyrillic;
    }
    return this.latin[this.bestLatin(words, known)];
  }

  private bestLatin(words: readonly string[], known: ((word: string, i: number) => number) | undefined): number {
    const hits = this.hits.fill(0);
    for (let w = 0; w < words.length; w++) {
      const word = words[w] as string;
      const mask = known ? known(word, w) : this.known(word);
      if (mask === 0) continue;
      for (let i = 0; i < hits.length; i++) if (mask & (1 << i)) hits[i] = (hits[i] as number) + 1;
    }
    const [first, second] = topTwo(hits);
    const lead = (hits[first] as number) - (second < 0 ? 0 : (hits[second] as number));
    if (!this.trigrams || (lead >= DECISIVE_LEAD && (hits[first] as number) >= DECISIVE_SHARE * words.length))
      return first;
    const logProbabilities = this.trigrams.scores(words);
    const scores = hits.map((h, i) => {
      const column = this.columns[i] as number;
      return column < 0 ? Number.NEGATIVE_INFINITY : (logProbabilities[column] as number) + KNOWN_WORD_WEIGHT * h;
    });
    return topTwo(scores)[0];
  }

  /** Bit i set when latin[i]'s vocabulary or function words hold the word (what route() weighs per word). */
  known(word: string): number {
    let mask = this.functionWords.get(word) ?? 0;
    for (let bits = this.vocabBits(word), j = 0; bits !== 0; bits >>>= 1, j++)
      if (bits & 1) mask |= this.latinBit[j] as number;
    return mask;
  }
}

/** Indices of the largest and second largest values (first wins ties); -1 when there is no second. */
function topTwo(values: Float64Array): [number, number] {
  let first = 0;
  let second = -1;
  for (let i = 1; i < values.length; i++) {
    if ((values[i] as number) > (values[first] as number)) {
      second = first;
      first = i;
    } else if (second < 0 || (values[i] as number) > (values[second] as number)) {
      second = i;
    }
  }
  return [first, second];
}
