// Reads a static tokenizer.json once per file (while in use): its settings and its words as one compact WordTable, so the
// encoder and language id share one copy; the table comes from tokenizer.words.bin beside it, written when missing.
import { createHash } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { decodeWordTable, encodeWordTable } from './multilingual/word-table-file.js';
import type { WordTable } from './multilingual/word-table.js';
import { wordTableOf } from './static-tokenizer.js';
import { parseStaticTokenizerConfig, type StaticTokenizerConfig } from './tokenizer-config.js';

/** A tokenizer.json's settings with its word objects emptied (they live in table) and its words as a WordTable. */
export interface TokenizerFile {
  config: StaticTokenizerConfig;
  table: WordTable;
}

/** Files read, by path and version; the table weakly held: an unloaded encoder's goes when nothing else uses it. */
const read = new Map<string, { config: StaticTokenizerConfig; table: WeakRef<WordTable> }>();
const reading = new Map<string, Promise<TokenizerFile>>();

/** The config without its word objects (the table holds the words), so the parsed JSON can be collected. */
function withoutWords(config: StaticTokenizerConfig): StaticTokenizerConfig {
  const languages = config.languages
    ? Object.fromEntries(
        Object.entries(config.languages).map(([code, l]) => [code, { ...l, vocab: {}, stems: {} }] as const),
      )
    : undefined;
  return { ...config, vocab: {}, ...(languages ? { languages } : {}) };
}

/** The compact form of tokenizer.json's words, beside it; made from the JSON when missing or stale. */
export const TOKENIZER_WORDS_FILE = 'tokenizer.words.bin';

/**
 * The tokenizer at path: from its words file when that was made from these very bytes, else from the JSON (then the
 * words file is written, where the directory allows; a read-only one leaves the JSON read at each start).
 */
async function readTokenizer(path: string): Promise<TokenizerFile & { written: boolean }> {
  const source = await readFile(path);
  const sourceSha256 = createHash('sha256').update(source).digest('hex');
  const wordsPath = join(dirname(path), TOKENIZER_WORDS_FILE);
  try {
    const words = decodeWordTable(await readFile(wordsPath));
    if (words.sourceSha256 === sourceSha256) {
      const config = parseStaticTokenizerConfig(JSON.parse(words.settings));
      return { config, table: words.table, written: false };
    }
  } catch {
    // absent, unreadable or from another format version: made again below
  }
  const full = parseStaticTokenizerConfig(JSON.parse(source.toString('utf8')));
  const table = wordTableOf(full);
  const config = withoutWords(full);
  const bytes = encodeWordTable({ table, sourceSha256, settings: JSON.stringify(config) });
  const temporary = `${wordsPath}.${process.pid}.tmp`;
  const written = await writeFile(temporary, bytes)
    .then(() => rename(temporary, wordsPath))
    .then(
      () => true,
      () => rm(temporary, { force: true }).then(() => false),
    );
  return { config, table, written };
}

/** Writes the words file of the tokenizer.json at path unless it is current (a build or install step). */
export async function compactTokenizerWords(path: string): Promise<'written' | 'current'> {
  const { written } = await readTokenizer(path);
  return written ? 'written' : 'current';
}

/** The tokenizer.json at path, read and converted once while some encoder or language id still holds it. */
export async function readTokenizerFile(path: string): Promise<TokenizerFile> {
  const full = resolve(path);
  const { size, mtimeMs } = await stat(full);
  const key = `${full}\0${size}\0${mtimeMs}`;
  const held = read.get(key);
  const table = held?.table.deref();
  if (held && table) return { config: held.config, table };
  let pending = reading.get(key);
  if (!pending) {
    pending = readTokenizer(full)
      .then(({ config, table }) => {
        const file = { config, table };
        for (const [other, { table }] of read) if (other.startsWith(`${full}\0`) || !table.deref()) read.delete(other);
        read.set(key, { config: file.config, table: new WeakRef(file.table) });
        return file;
      })
      .finally(() => reading.delete(key));
    reading.set(key, pending);
  }
  return pending;
}
