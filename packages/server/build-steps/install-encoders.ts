// Server build step: unpacks the committed encoders (models/static-multi-100d, models/static-en-100d) into assets/encoders/,
// each unless the copy there is already current.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCommittedEncoder } from '../src/adapters/inference/committed-encoder-install.js';
import {
  BUILTIN_ENCODERS_DIR,
  DEFAULT_ENCODER_ID,
  ENGLISH_ENCODER_ID,
} from '../src/adapters/inference/package-paths.js';

/** The repository's models/ directory, where the gzipped encoders are committed. */
const COMMITTED_MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

try {
  for (const id of [DEFAULT_ENCODER_ID, ENGLISH_ENCODER_ID]) {
    const outDir = join(BUILTIN_ENCODERS_DIR, id);
    const status = await installCommittedEncoder(join(COMMITTED_MODELS_DIR, id), outDir);
    console.log(
      status === 'installed' ? `installed encoder ${id} in ${outDir}` : `encoder ${id} is up to date in ${outDir}`,
    );
  }
} catch (error) {
  console.error(`install-encoders failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
