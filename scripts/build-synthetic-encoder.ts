// Writes a synthetic BERT encoder (random seeded weights) as a sentence-transformers export, for tests and benchmarks.
// Usage: tsx scripts/build-synthetic-encoder.ts --size tiny|minilm-l12 [--out DIR | --id ID] [--seed N] [--int8]
//        [--pooling mean|cls|max] [--fusion-report]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fusionReport } from '@textclass/model-tools';
import { SYNTHETIC_SIZES, type SyntheticSize, writeSyntheticEncoder } from '@textclass/server/testing';
import type { PoolingMode } from '@textclass/server/inference';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'tiny' },
    out: { type: 'string' },
    id: { type: 'string' },
    seed: { type: 'string', default: '42' },
    int8: { type: 'boolean', default: false },
    pooling: { type: 'string', default: 'mean' },
    'fusion-report': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`build-synthetic-encoder: a BERT-architecture ONNX graph with random weights + WordPiece tokenizer.json
  --size tiny|minilm-l12   tiny: 2 layers, hidden 32 (unit tests); minilm-l12: the shapes of
                           paraphrase-multilingual-MiniLM-L12-v2 (12 layers, hidden 384, vocab 250,002)
  --out DIR                output directory (default $TEXTCLASS_MODELS_DIR/encoders/<id>,
                           TEXTCLASS_MODELS_DIR defaulting to ./data/models)
  --id ID                  encoder id = directory name (default synthetic-<size>[-int8])
  --seed N                 weights seed (default 42)
  --int8                   dynamic int8 quantisation of the linear layers (MatMulInteger)
  --pooling mean|cls|max   1_Pooling/config.json (default mean)
  --fusion-report          load the result in onnxruntime and print which ops were fused`);
  process.exit(0);
}

try {
  const size = values.size as SyntheticSize;
  if (!(size in SYNTHETIC_SIZES)) throw new Error(`--size must be one of ${Object.keys(SYNTHETIC_SIZES).join(', ')}`);
  if (!['mean', 'cls', 'max'].includes(values.pooling)) throw new Error('--pooling must be mean, cls or max');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a non-negative integer');
  const id = values.id ?? `synthetic-${size}${values.int8 ? '-int8' : ''}`;
  const modelsDir = resolve(
    process.env.TEXTCLASS_MODELS_DIR ?? join(process.env.TEXTCLASS_DATA_DIR ?? './data', 'models'),
  );
  const dir = resolve(values.out ?? join(modelsDir, 'encoders', id));
  const written = await writeSyntheticEncoder({
    dir,
    size,
    seed,
    int8: values.int8,
    pooling: values.pooling as PoolingMode,
  });
  console.log(
    `wrote ${dir} in ${(written.buildMs / 1000).toFixed(1)} s: model.onnx ${(written.modelBytes / 1e6).toFixed(1)} MB ` +
      `(sha256 ${written.modelSha256.slice(0, 12)}…), tokenizer.json ${(written.tokenizerBytes / 1e6).toFixed(2)} MB`,
  );
  if (values['fusion-report']) {
    const report = await fusionReport(join(dir, 'model.onnx'));
    console.log(`ops before optimisation: ${JSON.stringify(report.before)}`);
    console.log(`ops after optimisation:  ${JSON.stringify(report.after)}`);
    console.log(`fused ops: ${JSON.stringify(report.fused)}`);
  }
} catch (error) {
  console.error(`build-synthetic-encoder failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
