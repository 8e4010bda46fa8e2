// Word tokenizer of static-embedding encoders: words (word-splitter.ts) read through contractions, language routing and the vocabulary.
import { ENCODER_WORDS, functionWordRows } from './multilingual/function-words/tables.js';
import { WordLookup } from './multilingual/word-lookup.js';
import { LanguageRouter } from './multilingual/route-language.js';
import { WordTable, type WordColumn } from './multilingual/word-table.js';
import type { StaticTokenizerConfig } from './tokenizer-config.js';
import { splitWords } from './word-splitter.js';

export { isWordToken } from './word-splitter.js';

const INNER_SEPARATOR = /['\-.]/;
const MARKS = /\p{M}+/gu;
/** Bounds expansion of contraction rules that refer to each other. */
const MAX_DEPTH = 4;
/** Words whose facts (routing mask, default-language rows) are remembered; cleared when full. */
const WORD_MEMO_LIMIT = 32_768;

/**
 * What encode() needs of a word whatever the text, each worked out when first needed: the router's known() mask and
 * the word's rows in the default language.
 */
interface WordFacts {
  mask: number | undefined;
  rows: number[] | undefined;
}

export class StaticWordTokenizer {
  readonly maxTokens: number;
  /** Number of table rows the ids address (largest id + 1). */
  readonly tableRows: number;
  private readonly lowercase: boolean;
  private readonly stripAccents: boolean;
  private readonly vocab: WordColumn;
  private readonly expansions: Map<string, string[]>;
  private readonly suffixes: Array<[string, string[]]>;
  private readonly languages: WordLookup[];
  private readonly router: LanguageRouter | undefined;
  /** Per word seen lately: its routing mask and default-language rows, so a frequent word is looked up once. */
  private readonly wordMemo = new Map<string, WordFacts>();

  /**
   * @param table the words of config (its vocabularies and stems) as a compact table; absent: built from config. The
   *   tokenizer keeps the table, not config's word objects, so a caller that passes both may drop config's.
   */
  constructor(config: StaticTokenizerConfig, table = wordTableOf(config)) {
    this.maxTokens = config.max_tokens;
    this.lowercase = config.lowercase;
    this.stripAccents = config.strip_accents === 'fallback';
    this.vocab = table.column(0);
    this.expansions = new Map(Object.entries(config.contractions.words));
    this.suffixes = Object.entries(config.contractions.suffixes);
    this.languages = Object.entries(config.languages ?? {}).map(
      ([code, { script, stemmer, compounds }], i) =>
        new WordLookup(code, { script, stemmer, compounds }, this.functionWords(code), {
          vocab: table.column(i + 1),
          stems: table.column(i + 1, true),
        }),
    );
    this.router =
      this.languages.length > 0
        ? new LanguageRouter(this.vocab, this.languages, config.routing, (word) => table.vocabBits(word))
        : undefined;
    this.tableRows = table.maxRow() + 1;
  }

  /** A language's function words and support vocabulary with their English rows (empty for a language without one). */
  private functionWords(code: string): Map<string, number[]> {
    const table = Object.hasOwn(ENCODER_WORDS, code) ? ENCODER_WORDS[code] : undefined;
    if (!table) return new Map();
    return functionWordRows(table, (word) => {
      const ids: number[] = [];
      this.resolve(word, ids, 0);
      return ids;
    });
  }

  /** Codes of the languages besides the default one (empty for a single-language tokenizer). */
  get languageCodes(): string[] {
    return this.languages.map((l) => l.code);
  }

  /** Forgets what the language lookups remember (stems of words seen), so a benchmark sees the cold path. */
  clearMemo(): void {
    for (const language of this.languages) language.clearMemo();
    this.wordMemo.clear();
  }

  /** The language a text is routed to: a code of languageCodes, or undefined for the default language. */
  route(text: string): string | undefined {
    return this.router?.route(text, this.words(text))?.code;
  }

  /** Normalised words of a text, before vocabulary lookup (what encode() looks up). */
  words(text: string): string[] {
    return splitWords(text, this.lowercase);
  }

  /** Vocabulary ids of the known words of a text, in order, at most maxTokens of them; english: skip language routing. */
  encode(text: string, english = false): Int32Array {
    return this.encodeRead(text, english).ids;
  }

  /** encode(), and whether a word was read through the routed language's table (the rows render as an English gloss). */
  encodeRead(text: string, english = false): { ids: Int32Array; translated: boolean } {
    const ids: number[] = [];
    let translated = false;
    const facts: Array<WordFacts | undefined> = [];
    const { words, language } = english
      ? { words: this.words(text), language: undefined }
      : this.routedWords(text, (word, i) => this.maskOf(word, (facts[i] = this.factsOf(word))));
    for (let i = 0; i < words.length && ids.length < this.maxTokens; i++) {
      if (language) {
        const read = this.readRouted(language, words, i, ids);
        if (read > 0) {
          i += read - 1;
          translated = true;
        }
      } else {
        const word = words[i] as string;
        for (const row of this.rowsOf(word, facts[i] ?? this.factsOf(word))) ids.push(row);
      }
    }
    return { ids: new Int32Array(ids.length > this.maxTokens ? ids.slice(0, this.maxTokens) : ids), translated };
  }

  /**
   * Reads the phrase or word at words[i] into ids through the routed language's table, else the word through the
   * default one; returns the words the language's table read (0: the default table read the one word).
   */
  private readRouted(language: WordLookup, words: readonly string[], i: number, ids: number[]): number {
    const spanned = language.resolvePhrase(words, i, ids);
    if (spanned > 0) return spanned;
    if (language.resolve(words[i] as string, ids)) return 1;
    this.resolve(words[i] as string, ids, 0);
    return 0;
  }

  /** What is remembered of a word (bounded; an empty entry for a word not seen lately). */
  private factsOf(word: string): WordFacts {
    let facts = this.wordMemo.get(word);
    if (facts === undefined) {
      facts = { mask: undefined, rows: undefined };
      if (this.wordMemo.size >= WORD_MEMO_LIMIT) this.wordMemo.clear();
      this.wordMemo.set(word, facts);
    }
    return facts;
  }

  /** The router's known() mask of a word. */
  private maskOf(word: string, facts: WordFacts): number {
    return (facts.mask ??= this.router?.known(word) ?? 0);
  }

  /** A word's rows in the default language. */
  private rowsOf(word: string, facts: WordFacts): readonly number[] {
    if (facts.rows === undefined) {
      const rows: number[] = [];
      this.resolve(word, rows, 0);
      facts.rows = rows;
    }
    return facts.rows;
  }

  /**
   * The text's words and the language they are looked up in (Chinese and Japanese segments joined into dictionary
   * words); known: the router's per-word mask, from a caller that remembers it.
   */
  private routedWords(
    text: string,
    known?: (word: string, i: number) => number,
  ): { words: string[]; language: WordLookup | undefined } {
    const words = this.words(text);
    const language = this.router?.route(text, words, known);
    const joins = language?.table.script === 'kana' || language?.table.script === 'han';
    return { words: joins && language ? language.joinSegments(words) : words, language };
  }

  /** How many of a text's words resolve to at least one vocabulary row (vocabulary coverage). */
  coverage(text: string): { words: number; known: number } {
    const { words, language } = this.routedWords(text);
    let known = 0;
    for (let i = 0; i < words.length;) {
      const ids: number[] = [];
      let taken = 1;
      if (language) taken = Math.max(this.readRouted(language, words, i, ids), 1);
      else this.resolve(words[i] as string, ids, 0);
      if (ids.length > 0) known += taken; // a phrase's words all count
      i += taken;
    }
    return { words: words.length, known };
  }

  private lookup(word: string): number | undefined {
    const id = this.vocab.get(word);
    if (id !== undefined || !this.stripAccents) return id;
    const plain = word.normalize('NFD').replace(MARKS, '').normalize('NFC');
    return plain === word ? undefined : this.vocab.get(plain);
  }

  private resolve(word: string, ids: number[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    const next = depth + 1;
    const expansion = this.expansions.get(word);
    if (expansion) {
      for (const part of expansion) this.resolve(part, ids, next);
      return;
    }
    const id = this.lookup(word);
    if (id !== undefined) {
      ids.push(id);
      return;
    }
    if (!INNER_SEPARATOR.test(word)) return;
    for (const [suffix, replacement] of this.suffixes) {
      if (word.length > suffix.length && word.endsWith(suffix)) {
        this.resolve(word.slice(0, -suffix.length), ids, next);
        for (const part of replacement) this.resolve(part, ids, next);
        return;
      }
    }
    for (const part of word.split(INNER_SEPARATOR)) if (part) this.resolve(part, ids, next);
  }
}

/** The words of a parsed tokenizer.json (default vocabulary, then each language's words and stems) as one table. */
export function wordTableOf(config: StaticTokenizerConfig): WordTable {
  return WordTable.build(
    config.vocab,
    Object.values(config.languages ?? {}).map((l) => ({
      vocab: l.vocab,
      stems: l.stems,
      han: l.script === 'han' || l.script === 'kana',
    })),
  );
}
