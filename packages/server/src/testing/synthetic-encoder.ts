// Writes a sentence-transformers style export directory holding a synthetic BERT encoder (random weights) of a given size.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBertModel, type BertShape } from './bert-graph.js';
import type { PoolingMode } from '../adapters/inference/transformer/pooling.js';
import { SPECIAL_TOKENS, syntheticVocabulary, wordPieceTokenizerJson } from './synthetic-vocab.js';

export type SyntheticSize = 'tiny' | 'minilm-l12';

/** tiny: unit tests. minilm-l12: the shapes of paraphrase-multilingual-MiniLM-L12-v2, for benchmarks. */
export const SYNTHETIC_SIZES: Record<SyntheticSize, BertShape & { maxSeqLength: number }> = {
  tiny: {
    layers: 2,
    hidden: 32,
    heads: 2,
    ffn: 64,
    vocabSize: 1000,
    maxPositions: 128,
    typeVocabSize: 2,
    layerNormEps: 1e-12,
    maxSeqLength: 128,
  },
  'minilm-l12': {
    layers: 12,
    hidden: 384,
    heads: 12,
    ffn: 1536,
    vocabSize: 250_002,
    maxPositions: 512,
    typeVocabSize: 2,
    layerNormEps: 1e-12,
    maxSeqLength: 128,
  },
};

export interface SyntheticEncoderSpec {
  dir: string;
  size: SyntheticSize;
  seed?: number;
  int8?: boolean;
  pooling?: PoolingMode;
  /** Adds a Normalize module to modules.json. */
  normalize?: boolean;
  /** Overrides max_seq_length (at most the size's position table). */
  maxSeqLength?: number;
  /** Written to config_sentence_transformers.json, e.g. { query: 'query: ', passage: 'passage: ' }. */
  prompts?: Record<string, string>;
  /**
   * Words the tokenizer knows past the end of the model's embedding table (ids from vocabSize on), as in an export
   * whose tokenizer.json belongs to another vocabulary: onnxruntime rejects any batch with a text holding one of them.
   */
  wordsWithoutEmbedding?: string[];
}

export interface WrittenSyntheticEncoder {
  dir: string;
  modelBytes: number;
  modelSha256: string;
  tokenizerBytes: number;
  buildMs: number;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function poolingConfig(hidden: number, mode: PoolingMode) {
  return {
    word_embedding_dimension: hidden,
    pooling_mode_cls_token: mode === 'cls',
    pooling_mode_mean_tokens: mode === 'mean',
    pooling_mode_max_tokens: mode === 'max',
    pooling_mode_mean_sqrt_len_tokens: false,
  };
}

function modules(normalize: boolean) {
  const list = [
    { idx: 0, name: '0', path: '', type: 'sentence_transformers.models.Transformer' },
    { idx: 1, name: '1', path: '1_Pooling', type: 'sentence_transformers.models.Pooling' },
  ];
  if (normalize) list.push({ idx: 2, name: '2', path: '2_Normalize', type: 'sentence_transformers.models.Normalize' });
  return list;
}

function bertConfig(shape: BertShape) {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    intermediate_size: shape.ffn,
    hidden_act: 'gelu',
    max_position_embeddings: shape.maxPositions,
    vocab_size: shape.vocabSize,
    type_vocab_size: shape.typeVocabSize,
    layer_norm_eps: shape.layerNormEps,
    pad_token_id: 0,
    textclass_synthetic: true,
  };
}

/** Writes model.onnx and the configuration files of a sentence-transformers export into spec.dir (replacing what is there). */
export async function writeSyntheticEncoder(spec: SyntheticEncoderSpec): Promise<WrittenSyntheticEncoder> {
  const started = performance.now();
  const shape = SYNTHETIC_SIZES[spec.size];
  const maxSeqLength = spec.maxSeqLength ?? shape.maxSeqLength;
  if (maxSeqLength < 3 || maxSeqLength > shape.maxPositions)
    throw new Error(`maxSeqLength must be in [3, ${shape.maxPositions}]`);
  const model = buildBertModel(shape, { seed: spec.seed ?? 42, int8: spec.int8 ?? false });
  const vocabulary = [...syntheticVocabulary(shape.vocabSize), ...(spec.wordsWithoutEmbedding ?? [])];
  const tokenizer = JSON.stringify(wordPieceTokenizerJson(vocabulary));
  await rm(spec.dir, { recursive: true, force: true });
  await mkdir(join(spec.dir, '1_Pooling'), { recursive: true });
  const [pad, unk, cls, sep, mask] = SPECIAL_TOKENS;
  await Promise.all([
    writeFile(join(spec.dir, 'model.onnx'), model),
    writeFile(join(spec.dir, 'tokenizer.json'), tokenizer),
    writeFile(
      join(spec.dir, 'tokenizer_config.json'),
      json({
        tokenizer_class: 'BertTokenizer',
        do_lower_case: true,
        model_max_length: maxSeqLength,
        pad_token: pad,
        unk_token: unk,
        cls_token: cls,
        sep_token: sep,
        mask_token: mask,
        clean_up_tokenization_spaces: true,
      }),
    ),
    writeFile(join(spec.dir, 'config.json'), json(bertConfig(shape))),
    writeFile(join(spec.dir, 'modules.json'), json(modules(spec.normalize ?? false))),
    writeFile(join(spec.dir, '1_Pooling', 'config.json'), json(poolingConfig(shape.hidden, spec.pooling ?? 'mean'))),
    writeFile(
      join(spec.dir, 'sentence_bert_config.json'),
      json({ max_seq_length: maxSeqLength, do_lower_case: false }),
    ),
    ...(spec.prompts
      ? [
          writeFile(
            join(spec.dir, 'config_sentence_transformers.json'),
            json({ prompts: spec.prompts, default_prompt_name: null }),
          ),
        ]
      : []),
  ]);
  return {
    dir: spec.dir,
    modelBytes: model.length,
    modelSha256: createHash('sha256').update(model).digest('hex'),
    tokenizerBytes: Buffer.byteLength(tokenizer),
    buildMs: Math.round(performance.now() - started),
  };
}
