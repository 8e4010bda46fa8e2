// Public entry of the inference adapters (@textclass/server/inference): encoder files and paths, the encoders, tokenizers and ONNX pieces that builders, evaluations and benchmarks use.
export {
  BUILTIN_ENCODERS_DIR,
  DEFAULT_ENCODER_ID,
  ENGLISH_ENCODER_ID,
  SERVER_PACKAGE_ROOT,
} from './registry/package-paths.js';
export { ENCODER_FILES, readEncoderMetadata, type EncoderMetadata } from './encoder-metadata.js';
export { installCommittedEncoder } from './registry/committed-encoder-install.js';
export { EncoderNotBuiltError, loadEncoderRegistry, type EncoderRegistry } from './registry/encoder-registry.js';
export { StaticEncoder } from './static/static-encoder.js';
export { TransformerEncoder } from './transformer/transformer-encoder.js';
export { readTransformerExport } from './transformer/transformer-export.js';
export { isWordToken, StaticWordTokenizer } from './static/static-tokenizer.js';
export { readTokenizerFile, TOKENIZER_WORDS_FILE } from './static/static-tokenizer-file.js';
export {
  parseStaticTokenizerConfig,
  type ContractionRules,
  type LanguageScript,
  type LanguageTable,
  type StaticTokenizerConfig,
} from './static/tokenizer-config.js';
export { ENGLISH_CONTRACTIONS } from './static/contractions.js';
export { TextTokenizer } from './transformer/hf-tokenizer.js';
export { createOnnxSession, type Int64Input, type OnnxSession } from './onnx/onnx-runtime.js';
export { workerSessionShape } from './onnx/onnx-session-pool.js';
export { ModelProto } from './onnx/onnx-proto.js';
export { packTokenBatches } from './token-batches.js';
export type { PoolingMode } from './transformer/pooling.js';
export { writeStaticEmbeddingModel } from './static/static-embedding-graph.js';
export { buildTrigramModel, type TrigramModel } from './static/multilingual/trigram-model.js';
export { stemmerFor, type StemmerName } from './static/multilingual/stemmers.js';
export {
  JOINT_ENCODER_ID,
  STATIC_MULTI_ENCODER_ID,
  USE_LITE_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
} from './registry/package-paths.js';
export { installJointEncoder } from './registry/install-joint.js';
export { JointEncoder } from './joint/joint-encoder.js';
export { convertUseLite, useLitePackage, USE_LITE_PACKAGE } from './use-lite/convert-use-lite.js';
export { readTfjsWeights } from './use-lite/tfjs-weights.js';
export { buildUseLiteModel, USE_LITE_IO, type UseLiteStorage } from './use-lite/use-lite-graph.js';
export { UnigramTokenizer } from './use-lite/unigram-tokenizer.js';
export { createOnnxSessionFromBytes } from './onnx/onnx-runtime.js';
export { attr, node, tensor, valueInfo } from './onnx/onnx-builder.js';
export { encodeModel, OnnxDataType } from './onnx/onnx-proto.js';
