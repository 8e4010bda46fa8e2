// Builds the multilingual default encoder (static-multi-100d): English GloVe rows plus dictionary-pivot rows of 12 languages.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildTrigramModel,
  type EncoderMetadata,
  ENGLISH_CONTRACTIONS,
  type LanguageTable,
} from '@textclass/server/inference';
import { DEFAULT_TABLE_OPTIONS, prepareTable, winkSource } from './english-encoder-build.js';
import { principalDirections, removeDirections } from './embedding-table.js';
import { cedictSource } from './multilingual/cedict.js';
import { EDICT_PATH } from './multilingual/edict.js';
import { buildLanguageRows, rowsSpace, type LanguageRows } from './multilingual/language-table-build.js';
import { DICTD_DIR, freedictPairs, LANGUAGE_SOURCES, type LanguageSource } from './multilingual/sources.js';
import type { PivotSpace } from './multilingual/translation-vectors.js';
import { writeStaticEncoder } from './static-encoder-writer.js';

export const MULTILINGUAL_ENCODER_ID = 'static-multi-100d';
const BUILDER_VERSION = 1;

export interface MultilingualBuildOptions {
  outDir: string;
  /** Most rows kept per foreign language. */
  maxWordsPerLanguage?: number;
  dictdDir?: string;
  /** Leading directions of each foreign language's rows projected out. */
  languageComponents?: number;
  /** Progress lines (the script prints them). */
  log?: (line: string) => void;
}

export const DEFAULT_MAX_WORDS_PER_LANGUAGE = 120_000;
export const DEFAULT_LANGUAGE_COMPONENTS = 1;
/** English words that translations may resolve to (the encoder's own English rows stay at the table's vocabSize). */
export const PIVOT_VOCAB_SIZE = 200_000;

export interface MultilingualBuildResult {
  metadata: EncoderMetadata;
  modelBytes: number;
  tokenizerBytes: number;
  languages: Record<string, { words: number; rows: number; stems: number }>;
}

function englishSpace(words: string[], table: Float32Array, dimension: number): PivotSpace {
  const index = new Map(words.map((w, i) => [w, i + 1]));
  return {
    dimension,
    lookup(word) {
      const row = index.get(word);
      return row === undefined
        ? undefined
        : { vector: table.subarray(row * dimension, (row + 1) * dimension), rank: row };
    },
  };
}

/** SHA-256 over every input file, in a fixed order: what the artifact is a function of. */
async function inputsDigest(paths: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const path of [...paths].sort()) {
    hash.update(path.split('/').pop() ?? path);
    hash.update(await readFile(path));
  }
  return hash.digest('hex');
}

function inputFiles(dictdDir: string, sources: readonly LanguageSource[]): string[] {
  return freedictPairs(sources).flatMap((p) => [
    join(dictdDir, `freedict-${p}.index`),
    join(dictdDir, `freedict-${p}.dict.dz`),
  ]);
}

/**
 * A language's rows with exact duplicates merged (spellings of one dictionary entry — kanji and kana, simplified
 * and traditional — get the same vector): the distinct rows, and each word's row counted from firstRow.
 */
function packRows(
  rows: LanguageRows,
  dimension: number,
  firstRow: number,
): { vectors: Float32Array; rowOf: Int32Array } {
  const seen = new Map<string, number>();
  const rowOf = new Int32Array(rows.words.length);
  const kept: number[] = [];
  rows.words.forEach((_, i) => {
    const vector = rows.vectors.subarray(i * dimension, (i + 1) * dimension);
    const key = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
    let row = seen.get(key);
    if (row === undefined) {
      row = firstRow + kept.length;
      seen.set(key, row);
      kept.push(i);
    }
    rowOf[i] = row;
  });
  const vectors = new Float32Array(kept.length * dimension);
  kept.forEach((i, k) => vectors.set(rows.vectors.subarray(i * dimension, (i + 1) * dimension), k * dimension));
  return { vectors, rowOf };
}

function languageTable(source: LanguageSource, rows: LanguageRows, rowOf: Int32Array): LanguageTable {
  const vocab: Record<string, number> = {};
  rows.words.forEach((w, i) => (vocab[w] = rowOf[i] as number));
  const stems: Record<string, number> = {};
  for (const [stem, i] of [...rows.stems].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (vocab[stem] !== rowOf[i]) stems[stem] = rowOf[i] as number;
  }
  return { script: source.script, vocab, stems, stemmer: source.stemmer, compounds: source.compounds };
}

/**
 * Projects out a language's own leading directions (its rows weighted 1 / rank, as words are used): what all
 * its words share from being averages of many translations, which would otherwise pull its sentences together.
 */
function removeLanguageDirections(rows: LanguageRows, dimension: number, k: number): void {
  const table = new Float32Array((rows.words.length + 1) * dimension);
  table.set(rows.vectors, dimension);
  const weights = Float64Array.from({ length: rows.words.length + 1 }, (_, i) => (i === 0 ? 0 : 1 / i));
  removeDirections(table, dimension, principalDirections(table, dimension, weights, k));
  rows.vectors.set(table.subarray(dimension));
}

export async function buildMultilingualEncoder(options: MultilingualBuildOptions): Promise<MultilingualBuildResult> {
  const log = options.log ?? (() => undefined);
  const dictdDir = options.dictdDir ?? DICTD_DIR;
  const maxWords = options.maxWordsPerLanguage ?? DEFAULT_MAX_WORDS_PER_LANGUAGE;
  const languageComponents = options.languageComponents ?? DEFAULT_LANGUAGE_COMPONENTS;
  const wink = await winkSource();
  const cedict = await cedictSource();
  const english = await prepareTable(wink.path, DEFAULT_TABLE_OPTIONS);
  const { dimension } = english;
  // Translations are looked up in a larger English table (same transforms) than the encoder's English rows:
  // "login" or "valerian" are rarer than the 50,000th word but are what dictionaries translate into.
  const pivot = await prepareTable(wink.path, { ...DEFAULT_TABLE_OPTIONS, vocabSize: PIVOT_VOCAB_SIZE });
  log(`english: ${english.words.length} words, pivot ${pivot.words.length}`);
  const spaces = new Map<string, PivotSpace>([['en', englishSpace(pivot.words, pivot.table, dimension)]]);
  const built: Array<{ source: LanguageSource; rows: LanguageRows }> = [];
  for (const source of LANGUAGE_SOURCES) {
    const rows = await buildLanguageRows(source, spaces, { maxWords: source.maxWords ?? maxWords, dictdDir });
    spaces.set(source.code, rowsSpace(rows, dimension, source));
    built.push({ source, rows });
    log(`${source.code}: ${rows.words.length} words, ${rows.stems.size} stems`);
  }
  let next = english.words.length + 1;
  const languages: Record<string, LanguageTable> = {};
  const counts: MultilingualBuildResult['languages'] = {};
  const packed: Float32Array[] = [english.table];
  for (const { source, rows } of built) {
    if (languageComponents > 0) removeLanguageDirections(rows, dimension, languageComponents);
    const pack = packRows(rows, dimension, next);
    packed.push(pack.vectors);
    languages[source.code] = languageTable(source, rows, pack.rowOf);
    const distinct = pack.vectors.length / dimension;
    counts[source.code] = {
      words: rows.words.length,
      rows: distinct,
      stems: Object.keys(languages[source.code]?.stems ?? {}).length,
    };
    next += distinct;
  }
  const vectors = new Float32Array(next * dimension);
  let offset = 0;
  for (const part of packed) {
    vectors.set(part, offset);
    offset += part.length;
  }
  const build: EncoderMetadata['build'] = {
    builder: BUILDER_VERSION,
    english_vocab_size: DEFAULT_TABLE_OPTIONS.vocabSize,
    pivot_vocab_size: PIVOT_VOCAB_SIZE,
    sif_a: DEFAULT_TABLE_OPTIONS.sifA,
    common_components: DEFAULT_TABLE_OPTIONS.commonComponents,
    max_words_per_language: maxWords,
    max_words_overrides: LANGUAGE_SOURCES.filter((s) => s.maxWords !== undefined)
      .map((s) => `${s.code}:${s.maxWords}`)
      .join(','),
    language_components: languageComponents,
    languages: ['en', ...LANGUAGE_SOURCES.map((s) => s.code)].join(','),
    storage: 'int8',
    inputs_sha256: await inputsDigest([...inputFiles(dictdDir, LANGUAGE_SOURCES), EDICT_PATH, cedict.path, wink.path]),
  };
  const routing = buildTrigramModel([
    { language: 'en', words: english.words },
    ...built.filter((b) => b.source.script === 'latin').map((b) => ({ language: b.source.code, words: b.rows.words })),
  ]);
  const written = await writeStaticEncoder({
    dir: options.outDir,
    id: MULTILINGUAL_ENCODER_ID,
    source: `${wink.source} + FreeDict (Debian dict-freedict-*) + EDICT (Debian edict) + ${cedict.source}`,
    words: english.words,
    vectors,
    dimension,
    contractions: ENGLISH_CONTRACTIONS,
    languages,
    routing,
    storage: 'int8',
    build,
  });
  return {
    metadata: written.metadata,
    modelBytes: written.modelBytes,
    tokenizerBytes: written.tokenizerBytes,
    languages: counts,
  };
}
