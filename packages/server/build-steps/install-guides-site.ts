// Server build step: builds the guides' static site (README.md and docs/*.md, with the repository's eleventy.config.js,
// as `npm run docs` does) into assets/guides/, which the server serves under /guides/ beside the /docs reference.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUIDES_SITE_DIR } from '../src/transport/http/routes/guides-site-files.js';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The package exports no package.json; its command line (its `bin`) sits one folder above the entry point.
const eleventyEntry = createRequire(import.meta.url).resolve('@11ty/eleventy');
const eleventyCli = join(dirname(eleventyEntry), '..', 'cmd.cjs');

rmSync(GUIDES_SITE_DIR, { recursive: true, force: true });
// The site's configuration reads README.md and docs/ relative to the working directory.
execFileSync(process.execPath, [eleventyCli, '--quiet', `--output=${GUIDES_SITE_DIR}`], {
  cwd: repositoryRoot,
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log(`built the guides site into ${GUIDES_SITE_DIR}`);
