// Which of the multilingual encoder's languages know a word: function-word tables, vocabularies, stems, unaccented forms.
import { join } from 'node:path';
import { FUNCTION_WORDS } from '../inference/static/multilingual/function-words/tables.js';
import { withoutAccents } from '../inference/static/multilingual/word-lookup.js';
import { isStemmerName, stemmerFor } from '../inference/static/multilingual/stemmers.js';
import { WordTable, type WordColumn } from '../inference/static/multilingual/word-table.js';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID } from '../inference/registry/package-paths.js';
import { readTokenizerFile } from '../inference/static/static-tokenizer-file.js';
import { StaticWordTokenizer } from '../inference/static/static-tokenizer.js';
import type { LanguageScript } from '../inference/static/tokenizer-config.js';
import { ownValue } from '../../core/shared/own-value.js';

/** The built-in static multilingual encoder's tokenizer.json (whichever encoder is the default): its vocabularies. */
export const BUILTIN_WORD_LISTS = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'tokenizer.json');

/** The languages with word evidence: English (the encoder's default language), then those with function-word tables. */
export const COVERED_LANGUAGES: readonly string[] = ['en', ...Object.keys(FUNCTION_WORDS)];

/** What one word tells: bit i set when COVERED_LANGUAGES[i] has it as a function word / as a known word. */
export interface WordClaim {
  function: number;
  known: number;
}

/** English pieces of contractions (can't → can + t, you're → you + re); no other covered language writes these. */
const ENGLISH_CLITICS = ['t', 're', 've', 'll'];
const NON_ASCII = /[^\x00-\x7f]/;
/** Shortest stem looked up. */
const MIN_STEM = 3;
/** Longest ending looked past for a stem (the fixtures score the same as with no limit, at 2.4× the cost). */
const MAX_SUFFIX = 6;
/** Shortest compound part accepted, as the encoder's lookup does (shorter ones match by chance). */
const MIN_COMPOUND_PART = 3;
const LINKING = ['s', 'es', 'n', 'en', 'e'];
/** Words whose claim is remembered; cleared when full. */
const MEMO_LIMIT = 50_000;

/** Splits text into the encoder tokenizer's words (NFC, lowercase, apostrophes unified, CJK runs segmented). */
const splitter = new StaticWordTokenizer({
  type: 'static-word',
  version: 1,
  lowercase: true,
  strip_accents: 'never',
  max_tokens: 1,
  contractions: { words: {}, suffixes: {} },
  vocab: {},
});

/** The words of a text, elided and hyphenated ones split (l'app → l, app; remboursez-moi → remboursez, moi). */
export function textWords(text: string): string[] {
  return splitter.words(text).flatMap((word) => word.split(/['\-.]/).filter((part) => part !== ''));
}

export class CoveredWords {
  private readonly memo = new Map<string, WordClaim>();
  private readonly allBits: number;

  /**
   * @param known word, stem or unaccented form → bits of the languages whose word lists hold it
   * @param functionWords function word or two-word phrase → bits of the languages whose tables hold it
   * @param stemmers per covered language, its stemmer (none: no stem lookup)
   * @param compounds bits of the languages whose unknown words may be two known words joined
   */
  constructor(
    private readonly known: WordColumn,
    private readonly functionWords: ReadonlyMap<string, number>,
    private readonly stemmers: ReadonlyArray<((word: string) => string) | undefined>,
    private readonly compounds: number,
  ) {
    this.allBits = (1 << COVERED_LANGUAGES.length) - 1;
  }

  /** The claim of each word; a two-word function phrase (por favor) claims both of its words. */
  claims(words: readonly string[]): WordClaim[] {
    const out = words.map((word) => this.claim(word));
    for (let i = 0; i + 1 < words.length; i++) {
      const phrase = this.functionWords.get(`${words[i] as string} ${words[i + 1] as string}`);
      if (phrase === undefined) continue;
      (out[i] as WordClaim).function |= phrase;
      (out[i + 1] as WordClaim).function |= phrase;
    }
    return out;
  }

  /** Bits of the languages whose lists hold this Chinese-character string as one word. */
  hanWord(word: string): number {
    return this.known.get(word) ?? 0;
  }

  private claim(word: string): WordClaim {
    let claim = this.memo.get(word);
    if (claim === undefined) {
      claim = { function: this.functionWords.get(word) ?? 0, known: this.knownBits(word) };
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(word, claim);
    }
    return { ...claim };
  }

  private knownBits(word: string): number {
    let bits = this.known.get(word) ?? 0;
    if (NON_ASCII.test(word)) bits |= this.known.get(withoutAccents(word)) ?? 0;
    // A stem is a prefix of its word (nearly always): only languages that know some prefix are worth a stemmer call.
    let prefixes = 0;
    for (let end = Math.max(MIN_STEM, word.length - MAX_SUFFIX); end < word.length; end++)
      prefixes |= this.known.get(word.slice(0, end)) ?? 0;
    for (let i = 0; i < this.stemmers.length; i++) {
      const bit = 1 << i;
      const stem = this.stemmers[i];
      if (bits & bit || !(prefixes & bit) || !stem) continue;
      const wordStem = stem(word);
      if (wordStem !== word && ((this.known.get(wordStem) ?? 0) & bit) !== 0) bits |= bit;
    }
    const missing = this.compounds & ~bits & this.allBits;
    return missing ? bits | this.compoundBits(word, missing) : bits;
  }

  /** Languages among `candidates` in which the word splits into a known head (maybe with a linking s) and tail. */
  private compoundBits(word: string, candidates: number): number {
    let bits = 0;
    for (let cut = MIN_COMPOUND_PART; cut <= word.length - MIN_COMPOUND_PART; cut++) {
      const tail = (this.known.get(word.slice(cut)) ?? 0) & candidates & ~bits;
      if (!tail) continue;
      const head = word.slice(0, cut);
      let headBits = this.known.get(head) ?? 0;
      for (const link of LINKING) {
        if (head.length - link.length >= MIN_COMPOUND_PART && head.endsWith(link))
          headBits |= this.known.get(head.slice(0, -link.length)) ?? 0;
      }
      bits |= tail & headBits;
    }
    return bits;
  }
}

/** The function-word tables as bits per word; English's are the English words those tables translate to. */
function functionWordBits(): Map<string, number> {
  const bits = new Map<string, number>();
  const add = (word: string, bit: number) => bits.set(word, (bits.get(word) ?? 0) | bit);
  const english = 1 << COVERED_LANGUAGES.indexOf('en');
  for (const word of ENGLISH_CLITICS) add(word, english);
  COVERED_LANGUAGES.forEach((code, i) => {
    const table = Object.hasOwn(FUNCTION_WORDS, code) ? FUNCTION_WORDS[code] : undefined;
    for (const [word, translation] of Object.entries(table ?? {})) {
      add(word, 1 << i);
      for (const englishWord of translation.split(' ')) if (englishWord !== '') add(englishWord, english);
    }
  });
  return bits;
}

/** One more language of a multilingual tokenizer.json, as far as word evidence reads it (words are the keys). */
interface WordList {
  script: LanguageScript;
  vocab: Record<string, unknown>;
  stems?: Record<string, unknown>;
  stemmer?: unknown;
  compounds?: unknown;
}

/** What word evidence reads of a multilingual tokenizer.json: English (the default language), then the others. */
export interface WordLists {
  vocab: Record<string, unknown>;
  languages: Record<string, WordList>;
}

const isHan = (script: LanguageScript | undefined) => script === 'han' || script === 'kana';

/**
 * Word evidence from a tokenizer's word table (none: function words only): its evidence bits (English, then the
 * tokenizer's languages in `languages` order) read as bits of COVERED_LANGUAGES.
 */
function coveredWordsOf(
  table: WordTable | undefined,
  languages: Record<string, Omit<WordList, 'vocab' | 'stems'>>,
): CoveredWords {
  const stemmers: Array<((word: string) => string) | undefined> = [];
  let compounds = 0;
  if (!table) return new CoveredWords(new Map(), functionWordBits(), stemmers, compounds);
  COVERED_LANGUAGES.forEach((code, i) => {
    const list = code === 'en' ? undefined : ownValue(languages, code);
    if (code !== 'en' && !list) return;
    const stemmer = code === 'en' ? 'english' : list?.stemmer;
    stemmers[i] = !isHan(list?.script) && isStemmerName(stemmer) ? stemmerFor(stemmer) : undefined;
    if (list?.compounds === true) compounds |= 1 << i;
  });
  // bit j of the table (0: English, j: the j-th language) → its COVERED_LANGUAGES bit (0 when not covered)
  const covered = ['en', ...Object.keys(languages)].map((code, j) => {
    const i = j > 0 && code === 'en' ? -1 : COVERED_LANGUAGES.indexOf(code);
    return i < 0 ? 0 : 1 << i;
  });
  const known = {
    get(word: string): number {
      let bits = 0;
      for (let own = table.evidenceBits(word), j = 0; own !== 0; own >>>= 1, j++)
        if (own & 1) bits |= covered[j] as number;
      return bits;
    },
  };
  return new CoveredWords(known, functionWordBits(), stemmers, compounds);
}

/** Word evidence from word lists (none: function words only). */
export function coveredWords(lists: WordLists | undefined): CoveredWords {
  if (!lists) return coveredWordsOf(undefined, {});
  const table = WordTable.build(
    lists.vocab as Record<string, number>,
    Object.values(lists.languages).map((l) => ({
      vocab: l.vocab as Record<string, number>,
      stems: (l.stems ?? {}) as Record<string, number>,
      han: isHan(l.script),
    })),
  );
  return coveredWordsOf(table, lists.languages);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The word lists of a parsed tokenizer.json, checked as far as they are read (the encoder validates the rest). */
export function wordListsOf(json: unknown): WordLists {
  if (!isRecord(json) || !isRecord(json.vocab) || !isRecord(json.languages))
    throw new Error('word lists: tokenizer.json must have vocab and languages objects');
  for (const [code, table] of Object.entries(json.languages)) {
    if (!isRecord(table) || !isRecord(table.vocab) || (table.stems !== undefined && !isRecord(table.stems)))
      throw new Error(`word lists: languages.${code} must have a vocab object (and stems, if any, an object)`);
    if (!['latin', 'cyrillic', 'han', 'kana'].includes(table.script as string))
      throw new Error(`word lists: languages.${code}.script is unknown`);
  }
  return json as unknown as WordLists;
}

/**
 * Word evidence from a multilingual tokenizer.json (the built-in multilingual encoder's by default), sharing its word
 * table with an encoder that reads the same file; function words only when it is absent.
 */
export async function loadCoveredWords(path: string | null = BUILTIN_WORD_LISTS): Promise<CoveredWords> {
  if (path === null) return coveredWords(undefined);
  try {
    const { config, table } = await readTokenizerFile(path);
    return coveredWordsOf(table, config.languages ?? {});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return coveredWords(undefined);
    throw error;
  }
}
