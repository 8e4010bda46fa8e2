// Reads a dictd dictionary (.index + .dict.dz, as Debian's FreeDict packages install them) entry by entry.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

export interface DictdEntry {
  headword: string;
  /** The entry's text: its first line repeats the headword (with pronunciation and part of speech). */
  body: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's index numbers: base64 digits, most significant first. */
export function decodeDictdNumber(text: string): number {
  let n = 0;
  for (const c of text) {
    const digit = BASE64.indexOf(c);
    if (digit < 0) throw new Error(`dictd index: bad number "${text}"`);
    n = n * 64 + digit;
  }
  return n;
}

/** Entries in index order; the "00-database-…" meta entries are left out; one body is returned once. */
export async function readDictd(basePath: string): Promise<DictdEntry[]> {
  const [indexText, packed] = await Promise.all([
    readFile(`${basePath}.index`, 'utf8'),
    readFile(`${basePath}.dict.dz`),
  ]);
  const dict = gunzipSync(packed);
  const entries: DictdEntry[] = [];
  const seen = new Set<number>();
  for (const line of indexText.split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (
      !headword ||
      offset === undefined ||
      length === undefined ||
      headword.startsWith('00-database') ||
      headword.startsWith('00database')
    )
      continue;
    const start = decodeDictdNumber(offset);
    if (seen.has(start)) continue;
    seen.add(start);
    entries.push({ headword, body: dict.subarray(start, start + decodeDictdNumber(length)).toString('utf8') });
  }
  return entries;
}
