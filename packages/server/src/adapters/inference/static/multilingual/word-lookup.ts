// Looks a word up in one language's table (function words, as written, unaccented, by stem, elided, compound); rejoins CJK segments.
import type { LanguageTable } from '../tokenizer-config.js';
import { withoutAccents } from './accents.js';
import { japaneseDictionaryForms } from './japanese-dictionary-forms.js';
import { stemmerFor } from './stemmers.js';
import type { WordColumn } from './word-table.js';

export { withoutAccents } from './accents.js';
const ELISION = /['\-.]/;
/** Shortest part a compound split accepts (shorter ones match by chance). */
const MIN_COMPOUND_PART = 3;
/** German, Dutch and Swedish link compound parts with an "s" (Kundenservice, Arbeitsplatz). */
const LINKING = ['s', 'es', 'n', 'en', 'e'];
const HAN = /\p{Script=Han}/u;
const NON_ASCII = /[^\x00-\x7f]/;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;
/** Most consecutive segments joined back into one dictionary word. */
const MAX_JOINED_SEGMENTS = 4;
/** Words whose stem lookup is remembered (a stemmer call costs microseconds; words repeat); cleared when full. */
const STEM_MEMO_LIMIT = 100_000;

/** What a lookup keeps of a language's table: its words and stems live in columns (a Map or a WordTable's). */
export type LanguageInfo = Omit<LanguageTable, 'vocab' | 'stems'>;

/** A language's words and stems as columns of a compact table. */
export interface LanguageColumns {
  vocab: WordColumn;
  stems: WordColumn;
}

export class WordLookup {
  readonly vocab: WordColumn;
  readonly stems: WordColumn;
  /** The table's settings (script, stemmer, compounds), without its words. */
  readonly table: LanguageInfo;
  private readonly stem: ((word: string) => string) | undefined;
  private readonly stemMemo = new Map<string, number>();
  /** Rows each word resolved to (null: none), so a frequent word skips the accent, stem and compound paths. */
  private readonly resolvedMemo = new Map<string, readonly number[] | null>();
  /** Function phrases (keys of several space-separated words) by their first word, the longest first. */
  private readonly phrases = new Map<string, Array<{ rest: readonly string[]; rows: readonly number[] }>>();
  /** Every prefix of a function word (whole words included): a join of segments that is none of them ends the search. */
  private readonly functionPrefixes = new Set<string>();
  /** Latin or Cyrillic: accents may be dropped (not kana: が without its mark is か). */
  private readonly alphabetic: boolean;

  /**
   * @param functionRows the language's function words with the English rows they take (none: dropped); looked up
   *   before the table, so `kann` is "can" rather than a sense of its stem. A key of several words is a phrase.
   * @param columns the table's words and stems from a compact table (absent: Maps of table.vocab and table.stems)
   */
  constructor(
    readonly code: string,
    table: LanguageTable | LanguageInfo,
    readonly functionRows: ReadonlyMap<string, readonly number[]> = new Map(),
    columns?: LanguageColumns,
  ) {
    const { script, stemmer, compounds } = table;
    this.table = { script, stemmer, compounds };
    const words = 'vocab' in table ? table : undefined;
    this.vocab = columns?.vocab ?? new Map(Object.entries(words?.vocab ?? {}));
    this.stems = columns?.stems ?? new Map(Object.entries(words?.stems ?? {}));
    this.stem = table.stemmer ? stemmerFor(table.stemmer) : undefined;
    this.alphabetic = table.script === 'latin' || table.script === 'cyrillic';
    for (const [key, rows] of functionRows) {
      for (let end = 1; end <= key.length; end++) this.functionPrefixes.add(key.slice(0, end));
      const [first, ...rest] = key.split(' ');
      if (first === undefined || rest.length === 0) continue;
      let starting = this.phrases.get(first);
      if (!starting) this.phrases.set(first, (starting = []));
      starting.push({ rest, rows });
    }
    for (const starting of this.phrases.values()) starting.sort((a, b) => b.rest.length - a.rest.length);
  }

  /**
   * Rows of the longest function phrase starting at words[i] appended to ids (por favor → please; deixou a desejar →
   * disappointing); returns the words it spans, 0 when none starts there.
   */
  resolvePhrase(words: readonly string[], i: number, ids: number[]): number {
    const starting = this.phrases.get(words[i] as string);
    if (!starting) return 0;
    for (const { rest, rows } of starting) {
      if (!rest.every((word, k) => words[i + 1 + k] === word)) continue;
      ids.push(...rows);
      return rest.length + 1;
    }
    return 0;
  }

  /** The row of a word as it is, without accents, or through its stem. */
  direct(word: string): number | undefined {
    const id = this.vocab.get(word);
    if (id !== undefined) return id;
    if (this.alphabetic && NON_ASCII.test(word)) {
      const plainId = this.vocab.get(withoutAccents(word));
      if (plainId !== undefined) return plainId;
    }
    return this.stem ? this.byStem(word, this.stem) : undefined;
  }

  /** The row of a word's stem: from the stems table, else the stem as a word (-1 remembered as "none"). */
  private byStem(word: string, stem: (word: string) => string): number | undefined {
    let row = this.stemMemo.get(word);
    if (row === undefined) {
      if (this.stemMemo.size >= STEM_MEMO_LIMIT) this.stemMemo.clear();
      const wordStem = stem(word);
      row = this.dictionaryForm(word) ?? this.stems.get(wordStem) ?? this.vocab.get(wordStem) ?? -1;
      this.stemMemo.set(word, row);
    }
    return row < 0 ? undefined : row;
  }

  /** The row of a conjugated Japanese word's dictionary form (届き → 届く, not the noun 届 its stem is). */
  private dictionaryForm(word: string): number | undefined {
    if (this.table.stemmer !== 'japanese-okurigana') return undefined;
    for (const form of japaneseDictionaryForms(word)) {
      const id = this.vocab.get(form);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  /** Forgets remembered stem and word lookups (benchmarks measure the cold path with it). */
  clearMemo(): void {
    this.stemMemo.clear();
    this.resolvedMemo.clear();
  }

  /**
   * Joins Chinese and Japanese segments back into dictionary words or function words (Intl.Segmenter cuts Japanese
   * words its dictionary lacks into characters: 三|回 → 三回, 間|違|え|たら → 間違え|たら). A dictionary join ends with
   * its last segment holding a kanji (or the first known one after it) and at most one more kana segment that is
   * not a function word: the particles and endings it would only carry along stay segments of their own and are
   * read as function words (荷物|が|まだ stays three words; 届|き|ま|せん → 届き|ません, "not").
   */
  joinSegments(words: readonly string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < words.length;) {
      const taken = CJK.test(words[i] as string) ? this.segmentsTaken(words, i) : 1;
      out.push(words.slice(i, i + taken).join(''));
      i += taken;
    }
    return out;
  }

  /** How many segments from i form one word: the longest function word, else the dictionary join described above. */
  private segmentsTaken(words: readonly string[], i: number): number {
    let joined = words[i] as string;
    const known = [this.direct(joined) !== undefined];
    for (let k = 1; k < MAX_JOINED_SEGMENTS && i + k < words.length && CJK.test(words[i + k] as string); k++) {
      joined += words[i + k] as string;
      known.push(this.direct(joined) !== undefined);
    }
    const longest = known.lastIndexOf(true);
    let lastKanji = longest;
    while (lastKanji >= 0 && !HAN.test(words[i + lastKanji] as string)) lastKanji--;
    let dictionaryTaken = lastKanji < 0 ? longest + 1 : known.indexOf(true, lastKanji) + 1;
    // one more kana segment when it is an inflection, not a function word (届|き → 届き, the verb; 人|が stays 人)
    if (
      dictionaryTaken > 0 &&
      known[dictionaryTaken] === true &&
      this.functionWordAt(words, i + dictionaryTaken) === 0
    ) {
      dictionaryTaken++;
    }
    return Math.max(this.functionWordAt(words, i), dictionaryTaken, 1);
  }

  /** Segments from i that spell the longest function word (0: none starts there). */
  private functionWordAt(words: readonly string[], i: number): number {
    let taken = 0;
    let joined = '';
    for (let k = 0; k < MAX_JOINED_SEGMENTS && i + k < words.length && CJK.test(words[i + k] as string); k++) {
      joined += words[i + k] as string;
      if (!this.functionPrefixes.has(joined)) break;
      if (this.functionRows.has(joined)) taken = k + 1;
    }
    return taken;
  }

  /** Rows for a word, appended to ids; false when nothing of it is known. Remembered per word (bounded). */
  resolve(word: string, ids: number[]): boolean {
    let rows = this.resolvedMemo.get(word);
    if (rows === undefined) {
      const found: number[] = [];
      rows = this.resolveWord(word, found) ? found : null;
      if (this.resolvedMemo.size >= STEM_MEMO_LIMIT) this.resolvedMemo.clear();
      this.resolvedMemo.set(word, rows);
    }
    if (rows === null) return false;
    for (const row of rows) ids.push(row);
    return true;
  }

  private resolveWord(word: string, ids: number[]): boolean {
    const functionIds = this.functionRows.get(word);
    if (functionIds) {
      ids.push(...functionIds);
      return true;
    }
    const id = this.direct(word);
    if (id !== undefined) {
      ids.push(id);
      return true;
    }
    if (ELISION.test(word)) {
      let found = false;
      for (const part of word.split(ELISION)) if (part && this.resolve(part, ids)) found = true;
      return found;
    }
    if (this.table.compounds && this.compound(word, ids)) return true;
    if (HAN.test(word) && word.length > 1) return this.characters(word, ids);
    return false;
  }

  /**
   * Splits an unknown word into the longest tail that is a word as written and a known head (as written, through
   * its stem, or without a linking letter). Tails are not stemmed: that would cost a stemmer call per cut.
   */
  private compound(word: string, ids: number[]): boolean {
    for (let cut = MIN_COMPOUND_PART; cut <= word.length - MIN_COMPOUND_PART; cut++) {
      const tail = this.vocab.get(word.slice(cut));
      if (tail === undefined) continue;
      const head = word.slice(0, cut);
      let headId = this.direct(head);
      for (const link of LINKING) {
        if (headId !== undefined) break;
        if (head.length - link.length >= MIN_COMPOUND_PART && head.endsWith(link))
          headId = this.direct(head.slice(0, -link.length));
      }
      if (headId === undefined) continue;
      ids.push(headId, tail);
      return true;
    }
    return false;
  }

  /**
   * An unknown word with Chinese characters: its longest known part (function word or table word; a function word
   * wins a tie) starting at a character, then the rest; kana alone is skipped.
   */
  private characters(word: string, ids: number[]): boolean {
    const chars = [...word];
    let found = false;
    let start = 0;
    while (start < chars.length) {
      if (!HAN.test(chars[start] as string)) {
        start++;
        continue;
      }
      let end = chars.length;
      let rows: readonly number[] | undefined;
      for (; end > start; end--) {
        const part = chars.slice(start, end).join('');
        const id = this.vocab.get(part);
        rows = this.functionRows.get(part) ?? (id === undefined ? undefined : [id]);
        if (rows) break;
      }
      if (rows) {
        ids.push(...rows);
        found = true;
        start = end;
      } else {
        start++;
      }
    }
    return found;
  }
}
