#!/usr/bin/env node
// Copies the contract's generated types (@textclass/openapi/types) into src/generated/contract.ts, so the client's
// built .d.ts files are self-contained and the published client depends on no private package.
//
//   node scripts/copy-contract.mjs           write src/generated/contract.ts
//   node scripts/copy-contract.mjs --check   exit 1 if src/generated/contract.ts differs from the contract's types
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const SOURCE = path.join(path.dirname(require.resolve('@textclass/openapi/package.json')), 'generated', 'types.ts');
const TARGET = fileURLToPath(new URL('../src/generated/contract.ts', import.meta.url));

const expected = fs.readFileSync(SOURCE);
if (process.argv.includes('--check')) {
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET) : undefined;
  if (current === undefined || !current.equals(expected)) {
    process.stderr.write(
      `${TARGET} differs from ${SOURCE}.\nRun \`npm run generate\` and commit packages/client/src/generated/.\n`,
    );
    process.exit(1);
  }
  process.stdout.write('packages/client/src/generated/contract.ts is up to date.\n');
} else {
  fs.mkdirSync(path.dirname(TARGET), { recursive: true });
  fs.writeFileSync(TARGET, expected);
  process.stdout.write(`Wrote ${TARGET}.\n`);
}
