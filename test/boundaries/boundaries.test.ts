// The import-boundary rules (.dependency-cruiser.cjs, and .dependency-cruiser.folders.cjs for folders), checked by
// running dependency-cruiser itself with the project's configs on fixture trees shaped like this repository:
// fixtures/clean must pass both; fixtures/clean with fixtures/violations laid over it must fail the file-level rules,
// once for each deliberate violation, under the rule's name; with fixtures/folder-cycle laid over it instead, only the
// folder-level rule fails (app/ and transport/cli/ import each other, though no file cycle exists).
// The trees are copied to a temporary folder outside the repository, so no other tool or test worker sees them.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(repo, '.dependency-cruiser.cjs');
const folderConfig = path.join(repo, '.dependency-cruiser.folders.cjs');
// The same roots as `npm run lint:boundaries` in the root package.json.
const roots = ['packages', 'openapi', 'scripts'];
// npm packages the fixtures import, stood in for by empty packages: only their names matter to the rules.
const npmStubs = ['express', 'kysely', 'onnxruntime-node', 'pino'];
const workspaces = {
  '@textclass/openapi': 'openapi',
  '@textclass/client': 'packages/client',
  '@textclass/contract-checks': 'packages/contract-checks',
  '@textclass/mock': 'packages/mock',
  '@textclass/server': 'packages/server',
  '@textclass/model-tools': 'packages/model-tools',
};

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: Array<{ name: string }>;
}
interface Cruise {
  /** The exit code and output of the run as `npm run lint:boundaries` reports (`--output-type err`). */
  exitCode: number;
  output: string;
  /** The same violations, from a second run with `--output-type json`. */
  violations: Violation[];
}

const S = 'packages/server/src';
// Every error the violations tree must produce: [rule, from, to]; a cycle, reported once, as [rule, 'cycle', members].
const expectedErrors: Array<[string, string, string]> = [
  ['core-outside-core', `${S}/core/classification/uses-adapter.ts`, `${S}/adapters/storage/records.ts`],
  ['core-outside-core', `${S}/core/classification/uses-app-type.ts`, `${S}/app/server.ts`],
  ['core-outside-core', `${S}/core/classification/uses-test-kit.ts`, `${S}/testing/kit.ts`],
  ['library-test-kit', `${S}/core/classification/uses-test-kit.ts`, `${S}/testing/kit.ts`],
  ['core-io-package', `${S}/core/classification/uses-sql.ts`, 'node_modules/kysely/index.js'],
  ['core-io-package', `${S}/core/classification/uses-sql.ts`, 'node_modules/express/index.js'],
  ['core-io-builtin', `${S}/core/datasets/reads-file.ts`, 'fs/promises'],
  ['core-other-package', `${S}/core/datasets/uses-client.ts`, '@textclass/client'],
  ['core-other-package', `${S}/core/datasets/uses-mock.ts`, 'packages/mock/src/index.ts'],
  ['no-circular', 'cycle', `${S}/core/lifecycle/promote.ts + ${S}/core/lifecycle/stage.ts`],
  ['no-circular', 'cycle', `${S}/core/shared/left.ts + ${S}/core/shared/right.ts`],
  ['transport-storage-inference', `${S}/transport/http/reads-storage.ts`, `${S}/adapters/storage/records.ts`],
  ['transport-adapter', `${S}/transport/http/reads-storage.ts`, `${S}/adapters/storage/records.ts`],
  ['transport-storage-inference', `${S}/transport/cli/runs-encoder.ts`, `${S}/adapters/inference/encoder.ts`],
  ['transport-adapter', `${S}/transport/cli/runs-encoder.ts`, `${S}/adapters/inference/encoder.ts`],
  ['transport-adapter', `${S}/transport/http/uses-upload-files.ts`, `${S}/adapters/upload-files/service.ts`],
  ['transport-http-app', `${S}/transport/http/uses-app.ts`, `${S}/app/server.ts`],
  ['adapter-other-adapter', `${S}/adapters/storage/uses-inference.ts`, `${S}/adapters/inference/encoder.ts`],
  ['language-id-inference', `${S}/adapters/language-id/uses-encoder.ts`, `${S}/adapters/inference/encoder.ts`],
  ['language-id-inference', `${S}/adapters/language-id/uses-storage.ts`, `${S}/adapters/storage/records.ts`],
  ['adapter-transport-app', `${S}/adapters/storage/uses-app.ts`, `${S}/app/server.ts`],
  ['adapter-transport-app', `${S}/adapters/observability/uses-transport.ts`, `${S}/transport/http/routes.ts`],
  ['library-test-kit', `${S}/adapters/storage/uses-test-kit.ts`, `${S}/testing/kit.ts`],
  ['package-internals-relative', 'packages/server/test/client-internals.test.ts', 'packages/client/src/request.ts'],
  ['package-internals-relative', 'packages/model-tools/src/reaches-in.ts', `${S}/core/tenancy/api-key-tokens.ts`],
  [
    'package-internals-unexported',
    'packages/model-tools/src/reaches-in.ts',
    '@textclass/server/src/core/tenancy/api-key-tokens.js',
  ],
  ['package-internals', 'packages/model-tools/src/reaches-in.ts', 'packages/mock/src/start-mock.ts'],
  ['package-internals-relative', 'scripts/reaches-in.ts', 'packages/client/src/request.ts'],
  ['off-the-server', 'packages/contract-checks/src/uses-server.ts', '@textclass/server'],
  ['off-the-server', 'packages/mock/src/uses-server.ts', '@textclass/server/core'],
];
let scratch: string;
const cruises: Record<
  'clean' | 'violations' | 'cleanFolders' | 'folderCycle' | 'folderCycleFiles',
  Promise<Cruise>
> = {} as never;

/** Lays the given fixture trees, in order, into a fresh folder with the node_modules the rules resolve through. */
async function tree(name: string, layers: string[]): Promise<string> {
  const dir = path.join(scratch, name);
  for (const layer of layers) await cp(path.join(fixtures, layer), dir, { recursive: true });
  await mkdir(path.join(dir, 'node_modules/@textclass'), { recursive: true });
  for (const [pkg, where] of Object.entries(workspaces)) {
    await symlink(path.join(dir, where), path.join(dir, 'node_modules', pkg), 'dir');
  }
  for (const pkg of npmStubs) {
    await mkdir(path.join(dir, 'node_modules', pkg));
    await writeFile(
      path.join(dir, 'node_modules', pkg, 'package.json'),
      JSON.stringify({ name: pkg, main: 'index.js' }),
    );
    await writeFile(path.join(dir, 'node_modules', pkg, 'index.js'), 'export default {};\n');
  }
  return dir;
}

/** Runs dependency-cruiser on `dir` with the project's config and the given reporter: exit code and standard output. */
async function depcruiseIn(
  dir: string,
  outputType: 'err' | 'json',
  configFile: string,
): Promise<{ exitCode: number; stdout: string }> {
  const args = [depcruise, ...roots, '--config', configFile, '--output-type', outputType];
  const env = { ...process.env, DEPCRUISE_ROOT: dir, NO_COLOR: '1' };
  try {
    const { stdout } = await run(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
    return { exitCode: 0, stdout };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string };
    if (typeof failed.code !== 'number') throw error; // it did not run at all
    return { exitCode: failed.code, stdout: failed.stdout ?? '' };
  }
}

async function cruise(dir: string, configFile = config): Promise<Cruise> {
  const [err, json] = await Promise.all([depcruiseIn(dir, 'err', configFile), depcruiseIn(dir, 'json', configFile)]);
  const result = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
  return { exitCode: err.exitCode, output: err.stdout, violations: result.summary.violations };
}

const triples = (violations: Violation[], severity: string): Array<[string, string, string]> =>
  violations
    .filter((v) => v.rule.severity === severity)
    .map((v) =>
      v.cycle
        ? [
            v.rule.name,
            'cycle',
            v.cycle
              .map((m) => m.name)
              .sort()
              .join(' + '),
          ]
        : [v.rule.name, v.from, v.to.replace(/^.*\/node_modules\//, 'node_modules/')],
    );
const sorted = (list: Array<[string, string, string]>) => [...list].map((t) => t.join(' | ')).sort();

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'textclass-boundaries-'));
  const [clean, violations, folderCycle] = await Promise.all([
    tree('clean', ['clean']),
    tree('violations', ['clean', 'violations']),
    tree('folder-cycle', ['clean', 'folder-cycle']),
  ]);
  cruises.clean = cruise(clean);
  cruises.violations = cruise(violations);
  cruises.cleanFolders = cruise(clean, folderConfig);
  cruises.folderCycle = cruise(folderCycle, folderConfig);
  cruises.folderCycleFiles = cruise(folderCycle);
  await Promise.allSettled(Object.values(cruises));
}, 300_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('pass on a clean tree shaped like the repository', async () => {
    const { exitCode, output, violations } = await cruises.clean;
    expect(triples(violations, 'error')).toEqual([]);
    expect(output).not.toMatch(/^\s*error /m);
    expect(exitCode).toBe(0);
  });

  it('allow what the tiers allow: adapters and transport logging through observability/, the CLI composing through app/', async () => {
    const { violations } = await cruises.clean;
    expect(violations).toEqual([]);
  });

  it('fail on the deliberate violations, each under its rule, and on nothing else', async () => {
    const { exitCode, violations } = await cruises.violations;
    expect(sorted(triples(violations, 'error'))).toEqual(sorted(expectedErrors));
    // dependency-cruiser exits with the number of errors: what fails `npm run lint`.
    expect(exitCode).toBe(expectedErrors.length);
  });

  it.each(expectedErrors)('%s: %s -> %s', async (rule, from, to) => {
    const { output, violations } = await cruises.violations;
    expect(triples(violations, 'error')).toContainEqual([rule, from, to]);
    // What a developer reads when `npm run lint` fails: the rule's name, then the importing module.
    const first = from === 'cycle' ? '' : ` ${from} →`;
    expect(output).toContain(`error ${rule}:${first}`);
  });
});

describe('folder boundaries (.dependency-cruiser.folders.cjs)', () => {
  it('pass on the clean tree, where the CLI composes through app/ and app/ never imports the CLI back', async () => {
    const { exitCode, violations } = await cruises.cleanFolders;
    expect(violations).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it('fail on two folders that import each other, which the file-level rules let pass', async () => {
    expect((await cruises.folderCycleFiles).violations).toEqual([]);
    const { exitCode, output, violations } = await cruises.folderCycle;
    expect(violations.map((v) => [v.rule.name, v.from, v.to]).sort()).toEqual([
      ['no-folder-cycle', `${S}/app`, `${S}/transport/cli`],
      ['no-folder-cycle', `${S}/transport/cli`, `${S}/app`],
    ]);
    expect(exitCode).toBe(2);
    expect(output).toContain(`error no-folder-cycle: ${S}/app → `);
  });
});
