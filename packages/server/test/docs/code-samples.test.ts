// The code samples of the /docs reference run as printed (with {base_url} made the server's address, as the page does)
// against the built server: curl in bash, the JavaScript with @textclass/client in node, the Python with requests.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

type Samples = Array<{ label: string; source: string }>;
const docsCopy = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@textclass/openapi/openapi.docs.json'), 'utf8'),
) as { paths: Record<string, Record<string, { 'x-codeSamples': Samples }>> };
const REPO_ROOT = new URL('../../../../', import.meta.url).pathname;

/** Runs a program; resolves with its exit code and what it printed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const pythonWithRequests = await run('python3', ['-c', 'import requests'], {}).then((r) => r.code === 0);

describe('the code samples of /docs', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A start on a loaded machine (load 30 on 2 cores) has taken over the kit's default 90 s.
    server = await startServerProcess({ readyTimeoutMs: 240_000 });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  const sample = (path: string, method: string, label: string) => {
    const found = docsCopy.paths[path]?.[method]?.['x-codeSamples'].find((s) => s.label === label);
    if (!found) throw new Error(`no ${label} sample for ${method} ${path}`);
    return found.source.replaceAll('{base_url}', server.url);
  };
  const env = () => ({ TEXTCLASS_API_KEY: server.apiKey });
  /** An operation and a field of its 200 answer. */
  const cases: Array<[path: string, method: string, field: string]> = [
    ['/v2/models/{model_id}/inference', 'post', 'predictions'],
    ['/v2/models', 'get', 'data'],
    ['/health', 'get', 'status'],
  ];

  it.each(cases)('curl: %s %s', async (path, method, field) => {
    const { code, output } = await run('bash', ['-c', sample(path, method, 'curl')], env());
    expect(code, output).toBe(0);
    expect(output).toContain(`"${field}":`);
  });

  it.each(cases)('JavaScript with @textclass/client: %s %s', async (path, method, field) => {
    const source = sample(path, method, 'JavaScript');
    const { code, output } = await run(process.execPath, ['--input-type=module', '-e', source], env());
    expect(code, output).toBe(0);
    expect(output).toMatch(/^200 /);
    expect(output).toContain(`${field}:`);
  });

  // .ci/run installs python3-requests; elsewhere the Python samples run where it is installed.
  it.skipIf(!pythonWithRequests && !process.env.CI).each(cases)(
    'Python with requests: %s %s',
    async (path, method, field) => {
      const { code, output } = await run('python3', ['-c', sample(path, method, 'Python')], env());
      expect(code, output).toBe(0);
      expect(output).toMatch(/^200 /);
      expect(output).toContain(`"${field}":`);
    },
  );
});
