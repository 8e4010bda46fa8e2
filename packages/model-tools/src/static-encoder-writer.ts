// Writes a complete static-embedding encoder directory: model.onnx, tokenizer.json, then encoder.json.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ContractionRules,
  ENCODER_FILES,
  type EncoderMetadata,
  type LanguageTable,
  type StaticTokenizerConfig,
  type TrigramModel,
  writeStaticEmbeddingModel,
} from '@textclass/server/inference';

export const DEFAULT_MAX_TOKENS = 4096;

export interface StaticEncoderSpec {
  dir: string;
  id: string;
  source: string;
  /** Vocabulary of the default language; word i gets id i + 1. */
  words: string[];
  /** Row-major [rows × dimension], rows ≥ words.length + 1; row 0 (padding/unknown) must be zeros. */
  vectors: Float32Array;
  /** Further languages, whose ids address rows after the default language's. */
  languages?: Record<string, LanguageTable>;
  routing?: TrigramModel;
  /** Table storage in model.onnx (default float32). */
  storage?: 'float32' | 'int8';
  dimension: number;
  contractions?: ContractionRules;
  maxTokens?: number;
  stripAccents?: StaticTokenizerConfig['strip_accents'];
  build?: EncoderMetadata['build'];
}

export interface WrittenEncoder {
  metadata: EncoderMetadata;
  modelBytes: number;
  tokenizerBytes: number;
}

function tokenizerConfig(spec: StaticEncoderSpec): StaticTokenizerConfig {
  const ids = new Map<string, number>();
  spec.words.forEach((word, i) => {
    if (ids.has(word)) throw new Error(`duplicate vocabulary word "${word}"`);
    ids.set(word, i + 1);
  });
  const vocab: Record<string, number> = Object.fromEntries(ids);
  return {
    type: 'static-word',
    version: 1,
    lowercase: true,
    strip_accents: spec.stripAccents ?? 'fallback',
    max_tokens: spec.maxTokens ?? DEFAULT_MAX_TOKENS,
    contractions: spec.contractions ?? { words: {}, suffixes: {} },
    vocab,
    ...(spec.languages ? { languages: spec.languages } : {}),
    ...(spec.routing ? { routing: spec.routing } : {}),
  };
}

/** Writes the three files; encoder.json goes last, so its presence means the directory is complete. */
export async function writeStaticEncoder(spec: StaticEncoderSpec): Promise<WrittenEncoder> {
  const rows = spec.vectors.length / spec.dimension;
  if (!Number.isInteger(rows) || rows < spec.words.length + 1)
    throw new Error('the embedding table has fewer rows than the vocabulary');
  for (let d = 0; d < spec.dimension; d++) {
    if (spec.vectors[d] !== 0) throw new Error('row 0 of the embedding table (padding/unknown) must be zeros');
  }
  await mkdir(spec.dir, { recursive: true });
  await rm(join(spec.dir, ENCODER_FILES.metadata), { force: true });
  const model = await writeStaticEmbeddingModel({
    vectors: spec.vectors,
    vocabSize: rows,
    dimension: spec.dimension,
    outPath: join(spec.dir, ENCODER_FILES.model),
    docString: `${spec.id}: static word embeddings from ${spec.source}; masked mean, L2-normalised`,
    storage: spec.storage ?? 'float32',
  });
  const tokenizerText = JSON.stringify(tokenizerConfig(spec));
  await writeFile(join(spec.dir, ENCODER_FILES.tokenizer), tokenizerText);
  const metadata: EncoderMetadata = {
    id: spec.id,
    type: 'static-embedding',
    dimension: spec.dimension,
    vocab_size: rows - 1,
    source: spec.source,
    model_sha256: model.sha256,
    tokenizer_sha256: createHash('sha256').update(tokenizerText).digest('hex'),
    build: spec.build ?? {},
  };
  await writeFile(join(spec.dir, ENCODER_FILES.metadata), `${JSON.stringify(metadata, null, 2)}\n`);
  return { metadata, modelBytes: model.bytes, tokenizerBytes: Buffer.byteLength(tokenizerText) };
}
