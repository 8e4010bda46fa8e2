// Builds the multilingual default encoder (static-multi-100d): English GloVe rows plus dictionary-pivot rows of 12 languages.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENGLISH_CONTRACTIONS } from './contractions.js';
import { DEFAULT_TABLE_OPTIONS, prepareTable, winkSource } from './default-encoder-build.js';
import { principalDirections, removeDirections } from './embedding-table.js';
import type { EncoderMetadata } from './encoder-metadata.js';
import { cedictSource } from './multilingual/cedict.js';
import { EDICT_PATH } from './multilingual/edict.js';
import { buildLanguageRows, rowsSpace, type LanguageRows } from './multilingual/language-table-build.js';
import { DICTD_DIR, freedictPairs, LANGUAGE_SOURCES, type LanguageSource } from './multilingual/sources.js';
import type { PivotSpace } from './multilingual/translation-vectors.js';
import { buildTrigramModel } from './multilingual/trigram-model.js';
import { writeStaticEncoder } from './static-encoder-writer.js';
import type { LanguageTable } from './tokenizer-config.js';

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

export interface MultilingualBuildResult {
  metadata: EncoderMetadata;
  modelBytes: number;
  tokenizerBytes: number;
  languages: Record<string, { words: number; stems: number }>;
}

function englishSpace(words: string[], table: Float32Array, dimension: number): PivotSpace {
  const index = new Map(words.map((w, i) => [w, i + 1]));
  return {
    dimension,
    lookup(word) {
      const row = index.get(word);
      return row === undefined ? undefined : { vector: table.subarray(row * dimension, (row + 1) * dimension), rank: row };
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
  return freedictPairs(sources).flatMap((p) => [join(dictdDir, `freedict-${p}.index`), join(dictdDir, `freedict-${p}.dict.dz`)]);
}

function languageTable(source: LanguageSource, rows: LanguageRows, firstRow: number): LanguageTable {
  const vocab: Record<string, number> = {};
  rows.words.forEach((w, i) => (vocab[w] = firstRow + i));
  const stems: Record<string, number> = {};
  for (const [stem, i] of [...rows.stems].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (vocab[stem] !== firstRow + i) stems[stem] = firstRow + i;
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
  log(`english: ${english.words.length} words`);
  const spaces = new Map<string, PivotSpace>([['en', englishSpace(english.words, english.table, dimension)]]);
  const built: Array<{ source: LanguageSource; rows: LanguageRows }> = [];
  for (const source of LANGUAGE_SOURCES) {
    const rows = await buildLanguageRows(source, spaces, { maxWords, dictdDir });
    spaces.set(source.code, rowsSpace(rows, dimension, source));
    built.push({ source, rows });
    log(`${source.code}: ${rows.words.length} words, ${rows.stems.size} stems`);
  }
  const totalRows = english.words.length + 1 + built.reduce((n, b) => n + b.rows.words.length, 0);
  const vectors = new Float32Array(totalRows * dimension);
  vectors.set(english.table);
  let next = english.words.length + 1;
  const languages: Record<string, LanguageTable> = {};
  const counts: MultilingualBuildResult['languages'] = {};
  for (const { source, rows } of built) {
    if (languageComponents > 0) removeLanguageDirections(rows, dimension, languageComponents);
    vectors.set(rows.vectors, next * dimension);
    languages[source.code] = languageTable(source, rows, next);
    counts[source.code] = { words: rows.words.length, stems: Object.keys(languages[source.code]?.stems ?? {}).length };
    next += rows.words.length;
  }
  const build: EncoderMetadata['build'] = {
    builder: BUILDER_VERSION,
    english_vocab_size: DEFAULT_TABLE_OPTIONS.vocabSize,
    sif_a: DEFAULT_TABLE_OPTIONS.sifA,
    common_components: DEFAULT_TABLE_OPTIONS.commonComponents,
    max_words_per_language: maxWords,
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
  return { metadata: written.metadata, modelBytes: written.modelBytes, tokenizerBytes: written.tokenizerBytes, languages: counts };
}
