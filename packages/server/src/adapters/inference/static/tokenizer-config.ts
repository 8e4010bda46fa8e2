// The tokenizer.json format of static-embedding encoders ("static-word"): parsing and validation.
import { isStemmerName, type StemmerName } from './multilingual/stemmers.js';
import type { TrigramModel } from './multilingual/trigram-model.js';

/** Expansions applied to apostrophe words before lookup, e.g. "can't" → ["can", "not"]. */
export interface ContractionRules {
  /** Whole words with their expansion. */
  words: Record<string, string[]>;
  /** Word endings with what they become; the rest of the word is looked up on its own. */
  suffixes: Record<string, string[]>;
}

/** How a text is recognised as written in a language: its script, or (Latin) a vote of its words. */
export type LanguageScript = 'latin' | 'cyrillic' | 'han' | 'kana';

/** The words of one more language, routed to by the tokenizer; rows share the one embedding table. */
export interface LanguageTable {
  script: LanguageScript;
  /** Word → row of the embedding table. */
  vocab: Record<string, number>;
  /** Stem → row, for inflected forms missing from vocab. */
  stems: Record<string, number>;
  stemmer: StemmerName | null;
  /** Split an unknown word into two known words (German, Dutch, Swedish compounds). */
  compounds: boolean;
}

export interface StaticTokenizerConfig {
  type: 'static-word';
  version: 1;
  lowercase: boolean;
  /** 'fallback': a word not in the vocabulary is looked up again without diacritics. */
  strip_accents: 'never' | 'fallback';
  /** Most known tokens taken from one text; the rest is ignored. */
  max_tokens: number;
  contractions: ContractionRules;
  /** Word → row of the embedding table; ids start at 1 (0 is padding/unknown). The default language's words. */
  vocab: Record<string, number>;
  /** More languages by ISO 639-1 code (multilingual encoders); absent: every text is looked up in vocab. */
  languages?: Record<string, LanguageTable>;
  /** Character-trigram model that picks among the Latin-script languages (the default one included). */
  routing?: TrigramModel;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function expansions(value: unknown, where: string): Record<string, string[]> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new Error(`tokenizer.json: ${where} must be an object`);
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((w) => typeof w === 'string')) {
      throw new Error(`tokenizer.json: ${where}["${key}"] must be an array of strings`);
    }
  }
  return value as Record<string, string[]>;
}

function vocabulary(value: unknown): Record<string, number> {
  if (!isRecord(value)) throw new Error('tokenizer.json: vocab must be an object of word → id');
  for (const [word, id] of Object.entries(value)) {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) {
      throw new Error(`tokenizer.json: vocab["${word}"] must be an integer ≥ 1`);
    }
  }
  return value as Record<string, number>;
}

function languageTable(code: string, value: unknown): LanguageTable {
  if (!isRecord(value)) throw new Error(`tokenizer.json: languages.${code} must be an object`);
  const { script, stemmer } = value;
  if (script !== 'latin' && script !== 'cyrillic' && script !== 'han' && script !== 'kana') {
    throw new Error(`tokenizer.json: languages.${code}.script must be latin, cyrillic, han or kana`);
  }
  if (stemmer !== null && !isStemmerName(stemmer))
    throw new Error(`tokenizer.json: languages.${code}.stemmer is unknown`);
  return {
    script,
    vocab: vocabulary(value.vocab),
    stems: vocabulary(value.stems ?? {}),
    stemmer,
    compounds: value.compounds === true,
  };
}

function languages(value: unknown): Record<string, LanguageTable> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new Error('tokenizer.json: languages must be an object of code → table');
  return Object.fromEntries(Object.entries(value).map(([code, table]) => [code, languageTable(code, table)]));
}

function routing(value: unknown): TrigramModel {
  if (!isRecord(value) || !Array.isArray(value.languages) || !isRecord(value.trigrams) || !Array.isArray(value.floor)) {
    throw new Error('tokenizer.json: routing must have languages, trigrams and floor');
  }
  const n = value.languages.length;
  if (value.floor.length !== n || !value.languages.every((l) => typeof l === 'string'))
    throw new Error('tokenizer.json: routing.floor must match routing.languages');
  for (const [trigram, row] of Object.entries(value.trigrams)) {
    if (!Array.isArray(row) || row.length !== n || !row.every((x) => typeof x === 'number')) {
      throw new Error(`tokenizer.json: routing.trigrams["${trigram}"] must hold ${n} numbers`);
    }
  }
  return value as unknown as TrigramModel;
}

/** Validates parsed tokenizer.json content. */
export function parseStaticTokenizerConfig(json: unknown): StaticTokenizerConfig {
  if (!isRecord(json) || json.type !== 'static-word') throw new Error('tokenizer.json: type must be "static-word"');
  if (json.version !== 1) throw new Error('tokenizer.json: unsupported version (expected 1)');
  const maxTokens = json.max_tokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new Error('tokenizer.json: max_tokens must be a positive integer');
  }
  const strip = json.strip_accents ?? 'never';
  if (strip !== 'never' && strip !== 'fallback')
    throw new Error('tokenizer.json: strip_accents must be "never" or "fallback"');
  const contractions = isRecord(json.contractions) ? json.contractions : {};
  return {
    type: 'static-word',
    version: 1,
    lowercase: json.lowercase !== false,
    strip_accents: strip,
    max_tokens: maxTokens,
    contractions: {
      words: expansions(contractions.words, 'contractions.words'),
      suffixes: expansions(contractions.suffixes, 'contractions.suffixes'),
    },
    vocab: vocabulary(json.vocab),
    ...(json.languages === undefined ? {} : { languages: languages(json.languages) }),
    ...(json.routing === undefined ? {} : { routing: routing(json.routing) }),
  };
}
