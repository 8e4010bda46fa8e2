// Where the files the mock needs live: the bundled contract and Prism's CLI entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The bundled contract Prism serves: openapi/generated/openapi.yaml. */
export function bundledSpecPath(): string {
  return join(dirname(require.resolve('@textclass/openapi/package.json')), 'generated', 'openapi.yaml');
}

/** The JSON twin of the bundle, for reading examples in tests. */
export function bundledJsonPath(): string {
  return require.resolve('@textclass/openapi/openapi.json');
}

/** The script behind the `prism` binary of @stoplight/prism-cli. */
export function prismCliPath(): string {
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { prism: string } };
  return join(dirname(manifestPath), manifest.bin.prism);
}
