// Writes a tiny static-embedding encoder directory (a few words, 4 dimensions) for tests of the static path.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENCODER_FILES, type EncoderMetadata } from '../encoder-metadata.js';
import { writeStaticEmbeddingModel } from '../static/static-embedding-graph.js';
import type { StaticTokenizerConfig } from '../static/tokenizer-config.js';

/** Word i has id i + 1; its vector is 1 in dimension i % 4, plus i / 10 in the next one. */
export const TINY_STATIC_WORDS = ['where', 'is', 'my', 'parcel', 'refund', 'please', 'card', 'charge'];
const DIMENSION = 4;

/** Writes model.onnx, tokenizer.json and encoder.json of encoder `id` into dir (which must exist). */
export async function writeTinyStaticEncoder(dir: string, id = 'tiny-static'): Promise<void> {
  const vectors = new Float32Array((TINY_STATIC_WORDS.length + 1) * DIMENSION);
  TINY_STATIC_WORDS.forEach((_, i) => {
    vectors[(i + 1) * DIMENSION + (i % DIMENSION)] = 1;
    vectors[(i + 1) * DIMENSION + ((i + 1) % DIMENSION)] = i / 10;
  });
  const model = await writeStaticEmbeddingModel({
    vectors,
    vocabSize: TINY_STATIC_WORDS.length + 1,
    dimension: DIMENSION,
    outPath: join(dir, ENCODER_FILES.model),
  });
  const tokenizer: StaticTokenizerConfig = {
    type: 'static-word',
    version: 1,
    lowercase: true,
    strip_accents: 'fallback',
    max_tokens: 4096,
    contractions: { words: {}, suffixes: {} },
    vocab: Object.fromEntries(TINY_STATIC_WORDS.map((word, i) => [word, i + 1])),
  };
  await writeFile(join(dir, ENCODER_FILES.tokenizer), JSON.stringify(tokenizer));
  const metadata: EncoderMetadata = {
    id,
    type: 'static-embedding',
    dimension: DIMENSION,
    vocab_size: TINY_STATIC_WORDS.length,
    source: 'test',
    model_sha256: model.sha256,
    tokenizer_sha256: '0'.repeat(64),
    build: {},
  };
  await writeFile(join(dir, ENCODER_FILES.metadata), JSON.stringify(metadata));
}
