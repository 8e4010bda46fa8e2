// The function-word tables of the multilingual encoder's languages: one JSON file per language beside this loader.
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
  for (const [i, group] of groups.entries()) {
    const words = (group as { words?: unknown } | null)?.words;
    if (typeof words !== 'object' || words === null || Array.isArray(words))
      fail(`groups[${i}].words is not an object`);
    for (const [word, english] of Object.entries(words as object)) {
      if (typeof english !== 'string') fail(`groups[${i}].words.${word} is not a string`);
      entries.push([word, english as string]);
    }
  }
  const table = Object.fromEntries(entries);
  if (Object.keys(table).length !== entries.length) fail('a word is listed twice');
  return table;
}

/** Reads one language's table from `<code>.json` beside this module (src/ under tsx and vitest, dist/ once built). */
export function readFunctionWordTable(code: string): FunctionWordTable {
  const file = new URL(`./${code}.json`, import.meta.url);
  return parseFunctionWordFile(JSON.parse(readFileSync(file, 'utf8')) as unknown, code, `${code}.json`);
}

/** Every table, read once when this module loads. */
export const FUNCTION_WORDS: Readonly<Record<string, FunctionWordTable>> = Object.fromEntries(
  FUNCTION_WORD_LANGUAGES.map((code) => [code, readFunctionWordTable(code)]),
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
