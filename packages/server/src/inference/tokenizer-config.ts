// The tokenizer.json format of static-embedding encoders ("static-word"): parsing and validation.

/** Expansions applied to apostrophe words before lookup, e.g. "can't" → ["can", "not"]. */
export interface ContractionRules {
  /** Whole words with their expansion. */
  words: Record<string, string[]>;
  /** Word endings with what they become; the rest of the word is looked up on its own. */
  suffixes: Record<string, string[]>;
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
  /** Word → row of the embedding table; ids start at 1 (0 is padding/unknown). */
  vocab: Record<string, number>;
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

/** Validates parsed tokenizer.json content. */
export function parseStaticTokenizerConfig(json: unknown): StaticTokenizerConfig {
  if (!isRecord(json) || json.type !== 'static-word') throw new Error('tokenizer.json: type must be "static-word"');
  if (json.version !== 1) throw new Error('tokenizer.json: unsupported version (expected 1)');
  const maxTokens = json.max_tokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new Error('tokenizer.json: max_tokens must be a positive integer');
  }
  const strip = json.strip_accents ?? 'never';
  if (strip !== 'never' && strip !== 'fallback') throw new Error('tokenizer.json: strip_accents must be "never" or "fallback"');
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
  };
}
