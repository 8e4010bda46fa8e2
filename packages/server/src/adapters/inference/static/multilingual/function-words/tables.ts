// The word tables of the multilingual encoder's languages (function words, support vocabulary): one JSON file per language beside this loader.
import { readFileSync } from 'node:fs';

/** A word of one language → its English equivalent words, space-separated ('' drops it). */
export type FunctionWordTable = Readonly<Record<string, string>>;

/** The languages with a table, by ISO 639-1 code, in the order their evidence bits are given out. */
export const FUNCTION_WORD_LANGUAGES = [
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'tr',
  'ru',
  'ja',
  'zh',
] as const;

/**
 * One table from its file's JSON: `{ language, about, groups: [{ about, words: { word: english } }] }`, the groups
 * (articles, pronouns, …) joined in order. Throws, naming the file, on any other shape.
 */
export function parseFunctionWordFile(json: unknown, code: string, file: string): FunctionWordTable {
  const fail = (what: string): never => {
    throw new Error(`function-word table ${file}: ${what}`);
  };
  if (typeof json !== 'object' || json === null) return fail('not a JSON object');
  const { language, groups } = json as { language?: unknown; groups?: unknown };
  if (language !== code) fail(`"language" is ${JSON.stringify(language)}, expected "${code}"`);
  if (!Array.isArray(groups)) return fail('"groups" is not an array');
  const entries: Array<[string, string]> = [];
  for (const [i, group] of groups.entries())
    entries.push(...wordEntries((group as { words?: unknown } | null)?.words, `groups[${i}].words`, fail));
  const table = Object.fromEntries(entries);
  if (Object.keys(table).length !== entries.length) fail('a word is listed twice');
  return table;
}

/**
 * The support vocabulary of a file (`support: { about, words }`, optional): frequent customer-support words whose
 * dictionary sense misleads (Portuguese fatura read as "account") or is missing. The encoder reads them as it reads
 * function words; language identification does not (they are content words, not evidence of a language's grammar).
 * Throws, naming the file, on another shape or on a word its function words already list.
 */
export function parseSupportWords(json: unknown, functionWords: FunctionWordTable, file: string): FunctionWordTable {
  const support = (json as { support?: unknown } | null)?.support;
  if (support === undefined) return {};
  const fail = (what: string): never => {
    throw new Error(`function-word table ${file}: ${what}`);
  };
  const entries = wordEntries((support as { words?: unknown } | null)?.words, 'support.words', fail);
  for (const [word] of entries)
    if (Object.hasOwn(functionWords, word)) fail(`support word ${word} is a function word too`);
  return Object.fromEntries(entries);
}

/** A `words` object's entries (word → English), refused through fail unless it maps words to strings. */
function wordEntries(words: unknown, where: string, fail: (what: string) => never): Array<[string, string]> {
  if (typeof words !== 'object' || words === null || Array.isArray(words)) return fail(`${where} is not an object`);
  const entries = Object.entries(words);
  for (const [word, english] of entries) if (typeof english !== 'string') fail(`${where}.${word} is not a string`);
  return entries as Array<[string, string]>;
}

/** One language's file from `<code>.json` beside this module (src/ under tsx and vitest, dist/ once built). */
function readLanguageFile(code: string): { functionWords: FunctionWordTable; supportWords: FunctionWordTable } {
  const file = `${code}.json`;
  const json = JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as unknown;
  const functionWords = parseFunctionWordFile(json, code, file);
  return { functionWords, supportWords: parseSupportWords(json, functionWords, file) };
}

const LANGUAGE_FILES = FUNCTION_WORD_LANGUAGES.map((code) => [code, readLanguageFile(code)] as const);

/** Every language's function words, read once when this module loads (language identification reads these). */
export const FUNCTION_WORDS: Readonly<Record<string, FunctionWordTable>> = Object.fromEntries(
  LANGUAGE_FILES.map(([code, { functionWords }]) => [code, functionWords]),
);

/** What the encoder reads through the table, per language: its function words and its support vocabulary. */
export const ENCODER_WORDS: Readonly<Record<string, FunctionWordTable>> = Object.fromEntries(
  LANGUAGE_FILES.map(([code, { functionWords, supportWords }]) => [code, { ...functionWords, ...supportWords }]),
);

/** A table's words with the English rows they take: each English word resolved by resolveEnglish (none when unknown). */
export function functionWordRows(
  table: FunctionWordTable,
  resolveEnglish: (word: string) => number[],
): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const [word, english] of Object.entries(table)) {
    rows.set(
      word,
      english
        .split(' ')
        .filter((w) => w !== '')
        .flatMap(resolveEnglish),
    );
  }
  return rows;
}
