// Where the guides' static site is: packages/server/assets/guides, built there by the server build from README.md and docs/.
import { fileURLToPath } from 'node:url';

/** packages/server/assets/guides — this file sits at src/transport/http/routes/ or dist/transport/http/routes/. */
export const GUIDES_SITE_DIR = fileURLToPath(new URL('../../../../assets/guides/', import.meta.url));
