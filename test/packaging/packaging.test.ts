// Installs textclass as a user would: `npm pack` of the packages (the contract, the client, the contract checks, the
// server), the tarballs installed into a fresh project (their dependencies from the registry), `npx textclass serve`
// classifying over HTTP, the client typechecked and run against it, and a global install (`npm install -g`) that
// finds its built-in encoders.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const PACKAGES = ['openapi', 'packages/client', 'packages/contract-checks', 'packages/server'];
const API_KEY = 'tc_packaging_test_key_0123456789';
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'packages/server/package.json'), 'utf8')) as {
  version: string;
};

const work = mkdtempSync(path.join(tmpdir(), 'textclass-packaging-'));
const tarballDir = path.join(work, 'tarballs');
const project = path.join(work, 'project');

/**
 * The environment of a user's shell: nothing that the surrounding `npm test` set for itself (npm_* would steer the
 * inner npm), no database or Redis of the CI job, and onnxruntime-node's CUDA download skipped (CPU only).
 */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|DATABASE_URL$|REDIS_URL$|TEXTCLASS_|PORT$|HOST$)/i.test(name)) env[name] = value;
  return { ...env, ONNXRUNTIME_NODE_INSTALL: 'skip', ...extra };
}

async function run(command: string, args: string[], cwd: string, env = userEnv()) {
  return promisify(execFile)(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
}

/** Every server process group started here, stopped after the tests whether or not it became ready. */
const servers: ChildProcess[] = [];

/** `npx textclass serve` on a free port; resolves with the URL once the banner says it is ready. */
function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const env = userEnv({ PORT: '0', HOST: '127.0.0.1', TEXTCLASS_DATA_DIR: dataDir, TEXTCLASS_API_KEY: API_KEY });
  // Its own process group: npx runs the server as a child, and stopping npx alone would leave the server running.
  const child = spawn('npx', ['textclass', 'serve', '--log-level', 'warn'], { cwd: project, env, detached: true });
  servers.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /textclass is ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve({ url: ready[1]!, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`textclass serve exited with ${code}:\n${output}`)));
  });
}

const sizes: Record<string, number> = {};
let tarballs: string[] = [];

beforeAll(async () => {
  mkdirSync(tarballDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  await run('npm', ['pack', ...PACKAGES.flatMap((dir) => ['-w', dir]), '--pack-destination', tarballDir], ROOT);
  tarballs = readdirSync(tarballDir).map((name) => path.join(tarballDir, name));
  for (const file of tarballs) sizes[path.basename(file)] = statSync(file).size;
  console.log('tarballs (bytes):', sizes);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'textclass-install-test', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], project);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed packages', () => {
  it('are the four workspace packages, installed from their tarballs and not linked', () => {
    expect(Object.keys(sizes).sort()).toEqual([
      `textclass-client-${version}.tgz`,
      `textclass-contract-checks-${version}.tgz`,
      `textclass-openapi-${version}.tgz`,
      `textclass-server-${version}.tgz`,
    ]);
    const installed = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const spec of Object.values(installed.dependencies)) expect(spec).toMatch(/^file:.*\.tgz$/);
    const client = JSON.parse(readFileSync(path.join(project, 'node_modules/@textclass/client/package.json'), 'utf8'));
    expect(Object.keys(client.dependencies ?? {}).filter((name: string) => name.startsWith('@textclass/'))).toEqual([]);
    // The server's request checks come from their own package, which needs nothing of the server.
    const checks = JSON.parse(
      readFileSync(path.join(project, 'node_modules/@textclass/contract-checks/package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    expect(Object.keys(checks.dependencies ?? {}).filter((name) => name.startsWith('@textclass/'))).toEqual([
      '@textclass/openapi',
    ]);
    expect(existsSync(path.join(project, 'node_modules/@textclass/contract-checks/dist/index.js'))).toBe(true);
  });

  it('the server ships the data files its code reads beside it (src/**/*.json outside fixtures/: the function-word tables)', () => {
    const source = path.join(ROOT, 'packages/server/src');
    const data = (readdirSync(source, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.json') && !file.split(path.sep).includes('fixtures'))
      .sort();
    expect(data).toContain(path.join('adapters/inference/static/multilingual/function-words', 'de.json'));
    const dist = path.join(project, 'node_modules/@textclass/server/dist');
    for (const file of data) expect(existsSync(path.join(dist, file)), file).toBe(true);
  });

  it('the client installs alone into an empty project, with registry dependencies only', async () => {
    const alone = path.join(work, 'client-alone');
    mkdirSync(alone);
    writeFileSync(path.join(alone, 'package.json'), JSON.stringify({ name: 'client-alone', private: true }));
    const tarball = tarballs.find((file) => path.basename(file).startsWith('textclass-client-'))!;
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], alone);
    expect(readdirSync(path.join(alone, 'node_modules/@textclass'))).toEqual(['client']);
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(typeof (await import('@textclass/client')).createTextclassClient)"],
      alone,
    );
    expect(stdout.trim()).toBe('function');
  });

  it('npx textclass --version prints the version', async () => {
    expect((await run('npx', ['textclass', '--version'], project)).stdout.trim()).toBe(version);
  });

  describe('npx textclass serve, and a program using the client', () => {
    let server: { url: string; child: ChildProcess };
    const dataDir = path.join(work, 'data');
    const auth = { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' };

    beforeAll(async () => {
      server = await serve(dataDir);
    }, 180_000);
    afterAll(async () => {
      for (const child of servers) {
        if (child.pid === undefined || child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    });

    it('lists the demo models and classifies over HTTP', async () => {
      const list = await fetch(`${server.url}/v2/models`, { headers: auth });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { total: number }).total).toBe(2);
      const infer = await fetch(`${server.url}/v2/models/1/inference`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ texts: ['I was charged twice for my subscription'], max_predictions: 1 }),
      });
      expect(infer.status).toBe(200);
      expect(await infer.json()).toMatchObject({ model_id: 1, predictions: [[{ label: 'billing' }]] });
    });

    it('serves the /docs reference and the /guides/ site from the tarballs: the page, its scripts, RapiDoc, the docs copy of the contract and the guides', async () => {
      for (const [route, type] of [
        ['/guides/', 'text/html'],
        ['/guides/models.html', 'text/html'],
        ['/docs', 'text/html'],
        ['/docs/assets/docs.js', 'text/javascript'],
        ['/docs/assets/rapidoc-min.js', 'text/javascript'],
        ['/docs/openapi.json', 'application/json'],
      ]) {
        const answer = await fetch(`${server.url}${route}`);
        expect(answer.status, route).toBe(200);
        expect(answer.headers.get('content-type'), route).toContain(type);
      }
    });

    it('typechecks a strict program that imports the client, rejects a wrong one, and runs it', async () => {
      writeFileSync(
        path.join(project, 'app.ts'),
        [
          "import { classifyAll, createTextclassClient, type Prediction } from '@textclass/client';",
          'const [baseUrl, apiKey] = [process.argv[2]!, process.argv[3]!];',
          'const client = createTextclassClient({ baseUrl, apiKey });',
          "const { data, error } = await client.GET('/v2/models', { params: { query: { limit: 10 } } });",
          'if (error) throw new Error(error.message);',
          'const names: string[] = data.data.map((model) => model.name);',
          "const result = await classifyAll(client, 1, ['I was charged twice for my subscription', 'Where is my parcel?']);",
          'const top: Prediction[] = result.predictions.map((predictions) => predictions[0]!);',
          'console.log(JSON.stringify({ names, top: top.map((p) => p.label) }));',
        ].join('\n'),
      );
      writeFileSync(
        path.join(project, 'wrong.ts'),
        [
          "import { createTextclassClient } from '@textclass/client';",
          "const client = createTextclassClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'tc_x' });",
          "await client.POST('/v2/models/{model_id}/inference', {",
          "  params: { path: { model_id: 'one' } },",
          "  body: { texts: ['a'] },",
          '});',
        ].join('\n'),
      );
      const compilerOptions = {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
        outDir: 'out',
      };
      const tsconfig = (files: string[], noEmit: boolean) =>
        JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit }, files });
      writeFileSync(path.join(project, 'tsconfig.json'), tsconfig(['app.ts'], false));
      writeFileSync(path.join(project, 'tsconfig.wrong.json'), tsconfig(['wrong.ts'], true));
      // One strict compile of each: app.ts must pass (tsc exits non-zero on any error) and is emitted to run below.
      const [, wrong] = await Promise.all([
        run(process.execPath, [TSC, '-p', 'tsconfig.json'], project),
        run(process.execPath, [TSC, '-p', 'tsconfig.wrong.json'], project).then(
          () => 'compiled without errors',
          (error: { stdout: string }) => error.stdout,
        ),
      ]);
      expect(wrong).toMatch(/wrong\.ts\(4,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
      const { stdout } = await run(process.execPath, ['out/app.js', server.url, API_KEY], project);
      const printed = JSON.parse(stdout) as { names: string[]; top: string[] };
      expect(printed.names).toEqual(['Support topics', 'Sentiment']);
      expect(printed.top).toHaveLength(2);
      expect(printed.top[0]).toBe('billing');
    }, 120_000);
  });

  it('installs globally (npm install -g) with a textclass command that finds its built-in encoders', async () => {
    const prefix = path.join(work, 'global');
    await run(
      'npm',
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', ...tarballs],
      work,
    );
    const textclass = path.join(prefix, 'bin', 'textclass');
    expect((await run(textclass, ['--version'], work)).stdout.trim()).toBe(version);
    const listed = await run(
      textclass,
      ['encoders', 'list', '--json', '--data-dir', path.join(work, 'global-data')],
      work,
    );
    const entries = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; source: string; dir: string });
    const builtIn = entries.filter((entry) => entry.source === 'built-in');
    expect(builtIn.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(['use-multi-612', 'static-multi-100d', 'use-lite-en-512-int8']),
    );
    for (const entry of builtIn) expect(entry.dir.startsWith(prefix)).toBe(true);
  }, 300_000);
});
