// A sentence-transformers-shaped repository for the hub stand-in: small JSON files and (random) ONNX-sized blobs.
import { randomBytes } from 'node:crypto';
import type { StandInRepo } from './hub-stand-in.js';

export const FIXTURE_REPO = 'sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2';
export const FIXTURE_ID = 'sentence-transformers__paraphrase-multilingual-MiniLM-L12-v2';

export function exportFixture(): StandInRepo {
  const text = (value: unknown) => Buffer.from(JSON.stringify(value));
  return {
    commit: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    lfs: ['onnx/model.onnx', 'onnx/model_qint8_avx512_vnni.onnx', 'pytorch_model.bin', 'tokenizer.json'],
    files: {
      'README.md': Buffer.from('# a model card\n'),
      '.gitattributes': Buffer.from('*.onnx filter=lfs\n'),
      'config.json': text({ architectures: ['BertModel'], hidden_size: 384 }),
      'tokenizer.json': text({ model: { type: 'Unigram' }, padding: null }),
      'tokenizer_config.json': text({ do_lower_case: false, model_max_length: 128 }),
      'special_tokens_map.json': text({ cls_token: '<s>' }),
      'modules.json': text([{ idx: 0, name: '0', path: '', type: 'sentence_transformers.models.Transformer' }]),
      'sentence_bert_config.json': text({ max_seq_length: 128, do_lower_case: false }),
      'config_sentence_transformers.json': text({
        prompts: { query: 'query: ', passage: 'passage: ' },
        default_prompt_name: null,
      }),
      '1_Pooling/config.json': text({ word_embedding_dimension: 384, pooling_mode_mean_tokens: true }),
      'onnx/model.onnx': randomBytes(300_000),
      'onnx/model_qint8_avx512_vnni.onnx': randomBytes(90_000),
      'pytorch_model.bin': randomBytes(50_000),
    },
  };
}
