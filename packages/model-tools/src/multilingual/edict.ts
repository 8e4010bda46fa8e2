// Reads EDICT (Debian's edict package: EUC-JP lines "漢字 [かな] /(n) gloss/gloss/") into dictionary entries.
import { readFile } from 'node:fs/promises';
import type { DictionaryEntry } from './freedict-entry.js';

export const EDICT_PATH = '/usr/share/edict/edict';

const LINE = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/$/;
/** Part-of-speech and usage tags, sense numbers: "(n)", "(1)", "(P)", "{comp}". */
const TAGS = /\([^)]*\)|\{[^}]*\}/g;
const MAX_TRANSLATION_WORDS = 4;

/** Parses one EDICT line; undefined for the header line and lines without glosses. */
export function parseEdictLine(line: string): DictionaryEntry | undefined {
  const match = LINE.exec(line);
  if (!match || line.startsWith('　？？？')) return undefined;
  const headwords = [match[1] as string, ...(match[2] ? [match[2]] : [])]
    .flatMap((h) => h.split(';'))
    .map((h) => h.replace(TAGS, ''));
  const translations = (match[3] as string)
    .split('/')
    .filter((gloss) => !gloss.startsWith('EntL'))
    .map((gloss) => gloss.replace(TAGS, ' ').replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((gloss) => gloss.length > 0 && gloss.split(' ').length <= MAX_TRANSLATION_WORDS);
  return translations.length > 0 ? { headwords, translations, common: line.includes('(P)') } : undefined;
}

export async function readEdict(path = EDICT_PATH): Promise<DictionaryEntry[]> {
  const text = new TextDecoder('euc-jp').decode(await readFile(path));
  const entries: DictionaryEntry[] = [];
  for (const line of text.split('\n')) {
    const entry = parseEdictLine(line);
    if (entry) entries.push(entry);
  }
  return entries;
}
