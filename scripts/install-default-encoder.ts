// Server build step: unpacks the committed multilingual default encoder (models/static-multi-100d) into
// packages/server/assets/encoders/, unless the copy there is already current.
import { join } from 'node:path';
import { installCommittedEncoder } from '../packages/server/src/adapters/inference/committed-encoder-install.js';
import { BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID } from '../packages/server/src/adapters/inference/package-paths.js';
import { COMMITTED_ENCODER_DIR } from './committed-encoder.js';

try {
  const outDir = join(BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID);
  const status = await installCommittedEncoder(COMMITTED_ENCODER_DIR, outDir);
  console.log(status === 'installed' ? `installed encoder ${DEFAULT_ENCODER_ID} in ${outDir}` : `encoder ${DEFAULT_ENCODER_ID} is up to date in ${outDir}`);
} catch (error) {
  console.error(`install-default-encoder failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
