// Server build step: packs a freshly initialised PGlite cluster into assets/pglite/ (once per PGlite version), so that
// a new embedded database is unpacked from it instead of running initdb at the server's first start.
import { pgliteTemplatePath, writePGliteTemplate } from '../src/adapters/storage/pglite-template.js';

const status = await writePGliteTemplate();
console.log(`${status === 'written' ? 'packed' : 'up to date:'} the PGlite template ${await pgliteTemplatePath()}`);
