// Opens an encoder directory of type "unigram-transformer" (encoder.json + model.onnx + tokenizer.json holding a
// SentencePiece unigram vocabulary): the transformer serving path with our unigram tokenizer in front.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENCODER_FILES, type EncoderMetadata } from '../encoder-metadata.js';
import { TransformerEncoder, type TransformerEncoderOptions } from '../transformer/transformer-encoder.js';
import { UnigramTokenizer, type UnigramVocabulary } from './unigram-tokenizer.js';

/** tokenizer.json of a unigram-transformer encoder. */
export interface UnigramTokenizerFile {
  model: 'unigram';
  /** Leading control entries of pieces that are never matched in text. */
  reserved: number;
  /** Most tokens one model input holds. */
  max_length: number;
  pieces: UnigramVocabulary;
}

/** Validates parsed tokenizer.json content. */
export function parseUnigramTokenizerFile(json: unknown, path: string): UnigramTokenizerFile {
  const file = json as Partial<UnigramTokenizerFile> | null;
  const integer = (v: unknown, min: number) => typeof v === 'number' && Number.isInteger(v) && v >= min;
  if (
    file?.model !== 'unigram' ||
    !integer(file.reserved, 0) ||
    !integer(file.max_length, 1) ||
    !Array.isArray(file.pieces) ||
    !file.pieces.every((p) => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'number')
  )
    throw new Error(
      `${path}: not a unigram tokenizer (model "unigram", reserved, max_length, pieces [[piece, score]])`,
    );
  return file as UnigramTokenizerFile;
}

/** Tokenizers read, by the SHA-256 of their file, weakly held: the float and int8 USE-lite (same file) share one trie. */
const tokenizers = new Map<string, { tokenizer: WeakRef<UnigramTokenizer>; maxLength: number }>();

/** The unigram tokenizer of a tokenizer.json, and its max_length; one per distinct file content while in use. */
export async function readUnigramTokenizer(path: string): Promise<{ tokenizer: UnigramTokenizer; maxLength: number }> {
  const bytes = await readFile(path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const held = tokenizers.get(sha256);
  const shared = held?.tokenizer.deref();
  if (held && shared) return { tokenizer: shared, maxLength: held.maxLength };
  const file = parseUnigramTokenizerFile(JSON.parse(bytes.toString('utf8')), path);
  const tokenizer = new UnigramTokenizer(file.pieces, { reserved: file.reserved, maxLength: file.max_length });
  for (const [key, { tokenizer: ref }] of tokenizers) if (!ref.deref()) tokenizers.delete(key);
  tokenizers.set(sha256, { tokenizer: new WeakRef(tokenizer), maxLength: file.max_length });
  return { tokenizer, maxLength: file.max_length };
}

/** The encoder of dir; the ONNX session loads on warmup() or first use, on the ONNX worker thread. */
export async function openUnigramTransformer(
  dir: string,
  metadata: EncoderMetadata,
  options: TransformerEncoderOptions = {},
): Promise<TransformerEncoder> {
  const { tokenizer, maxLength } = await readUnigramTokenizer(join(dir, ENCODER_FILES.tokenizer));
  const exported = {
    dir,
    id: metadata.id,
    modelPath: join(dir, ENCODER_FILES.model),
    tokenizerJson: {},
    tokenizerConfig: {},
    pooling: 'mean' as const,
    normalize: true,
    maxSeqLength: maxLength,
    dimension: metadata.dimension,
    prompts: {},
    defaultPrompt: undefined,
  };
  return new TransformerEncoder(exported, options, tokenizer);
}
