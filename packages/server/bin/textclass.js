#!/usr/bin/env node
// The `textclass` command: runs the built CLI (dist/main.js); in a checkout that has not been built yet, says how to build it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write(
    'textclass: not built yet in this checkout; run `npm start` once (it builds, then serves), ' +
      'or build only: `npx turbo run build --filter=@textclass/server...`\n',
  );
  process.exit(1);
}
await import(main.href);
