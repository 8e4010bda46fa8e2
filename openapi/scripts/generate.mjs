#!/usr/bin/env node
// Regenerates openapi/generated/ from the hand-written contract: the bundled document (YAML,
// JSON, dereferenced JSON), the TypeScript types (openapi-typescript) and the copy of the document
// the /docs reference reads (openapi.docs.json: code samples on every operation, code-samples.mjs;
// the page itself is docs-page/). Output is deterministic.
//
//   node scripts/generate.mjs           write generated/
//   node scripts/generate.mjs --check   regenerate into a temp dir; exit 1 if generated/ differs
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { withCodeSamples } from './code-samples.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'openapi.yaml');
const CONFIG = path.join(ROOT, 'redocly.yaml');
const GENERATED = path.join(ROOT, 'generated');
const FILES = ['openapi.yaml', 'openapi.json', 'openapi.dereferenced.json', 'types.ts', 'openapi.docs.json'];
const REDOCLY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

const TYPES_HEADER = `// generated — do not edit; run \`npm run generate\` (workspace @textclass/openapi).
// TypeScript types of the textclass contract (openapi/openapi.yaml), made by openapi-typescript
// from generated/openapi.json.

`;

function redocly(args) {
  const result = spawnSync(process.execPath, [REDOCLY, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`redocly ${args[0]} failed (exit ${result.status ?? result.signal})`);
  }
}

async function types(bundleJson) {
  const ast = await openapiTS(pathToFileURL(bundleJson), {
    // No schema uses `default` (a lint rule forbids it); keep defaults from making fields required
    // should one ever appear.
    defaultNonNullable: false,
    silent: true,
  });
  return TYPES_HEADER + astToString(ast);
}

async function generateInto(dir) {
  const out = (name) => path.join(dir, name);
  redocly(['bundle', ENTRY, '--config', CONFIG, '-o', out('openapi.yaml')]);
  redocly(['bundle', ENTRY, '--config', CONFIG, '-o', out('openapi.json')]);
  redocly(['bundle', ENTRY, '--config', CONFIG, '--dereferenced', '-o', out('openapi.dereferenced.json')]);
  fs.writeFileSync(out('types.ts'), await types(out('openapi.json')));
  const bundle = JSON.parse(fs.readFileSync(out('openapi.json'), 'utf8'));
  fs.writeFileSync(out('openapi.docs.json'), `${JSON.stringify(withCodeSamples(bundle), null, 2)}\n`);
  for (const name of FILES) {
    if (!fs.existsSync(out(name))) throw new Error(`expected ${name} in the output`);
  }
}

function differences(dir) {
  const expected = new Set(FILES);
  const present = fs.existsSync(GENERATED) ? fs.readdirSync(GENERATED) : [];
  const problems = present.filter((name) => !expected.has(name)).map((name) => `${name}: not made by the generator`);
  for (const name of FILES) {
    const committed = path.join(GENERATED, name);
    if (!fs.existsSync(committed)) problems.push(`${name}: missing`);
    else if (!fs.readFileSync(committed).equals(fs.readFileSync(path.join(dir, name))))
      problems.push(`${name}: differs`);
  }
  return problems;
}

async function main() {
  const check = process.argv.includes('--check');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'textclass-openapi-'));
  try {
    await generateInto(tmp);
    if (check) {
      const problems = differences(tmp);
      if (problems.length > 0) {
        process.stderr.write(
          `openapi/generated/ is out of date with the contract:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
            'Run `npm run generate -w @textclass/openapi` and commit the result.\n',
        );
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`openapi/generated/ is up to date (${FILES.length} files).\n`);
      return;
    }
    fs.mkdirSync(GENERATED, { recursive: true });
    for (const name of fs.readdirSync(GENERATED)) {
      if (!FILES.includes(name)) fs.rmSync(path.join(GENERATED, name), { recursive: true });
    }
    for (const name of FILES) fs.copyFileSync(path.join(tmp, name), path.join(GENERATED, name));
    process.stdout.write(`Wrote ${FILES.map((f) => `generated/${f}`).join(', ')}.\n`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`generate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
