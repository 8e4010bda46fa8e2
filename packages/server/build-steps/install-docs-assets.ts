// Server build step: copies RapiDoc's prebuilt bundle and its licence notices into assets/docs/, which the server
// serves under /docs/assets/ (the /docs reference loads nothing from another host), unless the copy there is current.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOCS_ASSETS_DIR, RAPIDOC_FILES } from '../src/transport/http/routes/docs-assets.js';

const rapidocDir = dirname(createRequire(import.meta.url).resolve('rapidoc/package.json'));
const sources: Record<(typeof RAPIDOC_FILES)[number], string> = {
  'rapidoc-min.js': join(rapidocDir, 'dist', 'rapidoc-min.js'),
  'rapidoc-min.js.LICENSE.txt': join(rapidocDir, 'dist', 'rapidoc-min.js.LICENSE.txt'),
  'rapidoc.LICENSE.txt': join(rapidocDir, 'LICENSE.txt'),
};

mkdirSync(DOCS_ASSETS_DIR, { recursive: true });
let copied = 0;
for (const name of RAPIDOC_FILES) {
  const to = join(DOCS_ASSETS_DIR, name);
  if (existsSync(to) && readFileSync(to).equals(readFileSync(sources[name]))) continue;
  copyFileSync(sources[name], to);
  copied++;
}
console.log(`${copied > 0 ? 'copied' : 'up to date:'} RapiDoc into ${DOCS_ASSETS_DIR}`);
