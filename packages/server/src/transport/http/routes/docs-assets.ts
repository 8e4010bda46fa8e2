// Where the /docs reference's files are: the page and its script in @textclass/openapi's docs-page/, the docs copy of
// the contract in its generated/, and RapiDoc's bundle in this package's assets/docs/ (copied there by the build).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const openapiDir = path.dirname(createRequire(import.meta.url).resolve('@textclass/openapi/package.json'));

/** The page, its script and its style (hand-written, shipped with the contract package). */
export const DOCS_PAGE_DIR = path.join(openapiDir, 'docs-page');
/** The contract with code samples on every operation (`npm run generate`). */
export const DOCS_CONTRACT_FILE = path.join(openapiDir, 'generated', 'openapi.docs.json');
/** packages/server/assets/docs — this file sits at src/transport/http/routes/ or dist/transport/http/routes/. */
export const DOCS_ASSETS_DIR = fileURLToPath(new URL('../../../../assets/docs/', import.meta.url));
/** What the build copies from the rapidoc package: the bundle the page loads and the licence notices it ships with. */
export const RAPIDOC_FILES = ['rapidoc-min.js', 'rapidoc-min.js.LICENSE.txt', 'rapidoc.LICENSE.txt'] as const;
