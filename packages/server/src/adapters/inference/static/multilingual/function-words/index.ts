// Hand-written function-word tables of the multilingual encoder's languages, by ISO 639-1 code.
import { GERMAN } from './de.js';
import { SPANISH } from './es.js';
import { FRENCH } from './fr.js';
import { ITALIAN } from './it.js';
import { JAPANESE } from './ja.js';
import { DUTCH } from './nl.js';
import { POLISH } from './pl.js';
import { PORTUGUESE } from './pt.js';
import { RUSSIAN } from './ru.js';
import { SWEDISH } from './sv.js';
import type { FunctionWordTable } from './table.js';
import { TURKISH } from './tr.js';
import { CHINESE } from './zh.js';

export type { FunctionWordTable } from './table.js';

export const FUNCTION_WORDS: Readonly<Record<string, FunctionWordTable>> = {
  de: GERMAN,
  fr: FRENCH,
  es: SPANISH,
  it: ITALIAN,
  pt: PORTUGUESE,
  nl: DUTCH,
  pl: POLISH,
  sv: SWEDISH,
  tr: TURKISH,
  ru: RUSSIAN,
  ja: JAPANESE,
  zh: CHINESE,
};

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
