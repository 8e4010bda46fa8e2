// Picks the language of a text for the tokenizer: by script for Chinese, Japanese and Russian; for Latin script by
// character trigrams plus the words each vocabulary knows, or (no trigram model) by a vote of known words alone.
import type { LanguageLookup } from './language-lookup.js';
import { TrigramScorer, type TrigramModel } from './trigram-model.js';

const NOT_LATIN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Cyrillic}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** Log-odds a word adds to each Latin-script language whose vocabulary holds it as written. */
export const KNOWN_WORD_WEIGHT = 6;
const DEFAULT = 'en';

export class LanguageRouter {
  /** Latin-script candidates: the default language (undefined) first, then the others in table order. */
  private readonly latin: Array<LanguageLookup | undefined>;
  /** Word → bit i set when latin[i]'s vocabulary holds it. */
  private readonly known = new Map<string, number>();
  private readonly trigrams: TrigramScorer | undefined;
  /** latin[i] ↔ trigram model column. */
  private readonly columns: number[];
  private readonly byScript: Partial<Record<string, LanguageLookup>> = {};

  constructor(defaultVocab: ReadonlyMap<string, number>, languages: readonly LanguageLookup[], model?: TrigramModel) {
    for (const l of languages) this.byScript[l.table.script] ??= l;
    this.latin = [undefined, ...languages.filter((l) => l.table.script === 'latin')];
    this.latin.forEach((language, i) => {
      for (const word of (language?.vocab ?? defaultVocab).keys()) this.known.set(word, (this.known.get(word) ?? 0) | (1 << i));
    });
    this.trigrams = model ? new TrigramScorer(model) : undefined;
    this.columns = this.latin.map((l) => model?.languages.indexOf(l?.code ?? DEFAULT) ?? -1);
  }

  /** The language to look the words up in; undefined: the default language. */
  route(text: string, words: readonly string[]): LanguageLookup | undefined {
    if (NOT_LATIN.test(text)) {
      if (KANA.test(text)) return this.byScript.kana ?? this.byScript.han;
      if (HAN.test(text)) return this.byScript.han ?? this.byScript.kana;
      let cyrillic = 0;
      for (const word of words) if (CYRILLIC.test(word)) cyrillic++;
      if (cyrillic * 2 > words.length) return this.byScript.cyrillic;
    }
    return this.latin[this.bestLatin(words)];
  }

  private bestLatin(words: readonly string[]): number {
    const scores = new Float64Array(this.latin.length);
    if (this.trigrams) {
      const logProbabilities = this.trigrams.scores(words);
      this.columns.forEach((column, i) => (scores[i] = column < 0 ? Number.NEGATIVE_INFINITY : (logProbabilities[column] as number)));
    }
    for (const word of words) {
      const mask = this.known.get(word);
      if (mask === undefined) continue;
      for (let i = 0; i < scores.length; i++) if (mask & (1 << i)) scores[i] = (scores[i] as number) + KNOWN_WORD_WEIGHT;
    }
    let best = 0;
    for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
    return best;
  }
}
