// Contract test: Dredd replays every documented transaction against the real server; hooks check bodies with Ajv.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { TEST_CONNECTOR_KEY } from '../connectors/support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const generated = path.join(path.dirname(require.resolve('@textclass/openapi/package.json')), 'generated');
const dreddBin = path.join(path.dirname(require.resolve('dredd/package.json')), 'bin', 'dredd');

describe('Dredd against the running server', () => {
  let server: ServerProcess;
  let readerKey: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-dredd-'));

  beforeAll(async () => {
    readerKey = await runCli(['keys', 'create', '--init', '--role', 'reader', '--name', 'dredd'], {
      TEXTCLASS_DATA_DIR: dataDir,
      TEXTCLASS_API_KEY: TEST_API_KEY,
      LOG_LEVEL: 'warn',
    });
    server = await startServerProcess({
      dataDir,
      env: {
        TEXTCLASS_VALIDATE_RESPONSES: 'true',
        TEXTCLASS_UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
        TEXTCLASS_CONNECTOR_KEY: TEST_CONNECTOR_KEY,
        // Every operation's 401 is one failed authentication from this address: more than the default 30 a minute.
        TEXTCLASS_AUTH_FAILURES_PER_MINUTE: '1000',
        // The endpoints and connectors the run creates point at 127.0.0.1:9, where nothing listens.
        TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
        TEXTCLASS_CONNECTOR_ALLOW_PRIVATE: 'true',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes every transaction it runs, and skips only with a stated reason', async () => {
    const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          dreddBin,
          path.join(generated, 'openapi.yaml'),
          server.url,
          '--hookfiles',
          path.join(here, 'hooks.cjs'),
          '--language',
          'nodejs',
          '--loglevel',
          'warning',
        ],
        {
          env: {
            ...process.env,
            TEXTCLASS_CONTRACT_DEREFERENCED: path.join(generated, 'openapi.dereferenced.json'),
            TEXTCLASS_CONTRACT_API_KEY: server.apiKey,
            TEXTCLASS_CONTRACT_READER_KEY: readerKey,
          },
          maxBuffer: 32 * 1024 * 1024,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: `${stdout}\n${stderr}` }),
      );
    });
    const output = result.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    const summary = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped/.exec(output);
    expect(summary, result.stdout).not.toBeNull();
    const [, passing, failing, errors] = summary!.map(Number);
    expect({ failing, errors, code: result.code }, result.stdout).toEqual({ failing: 0, errors: 0, code: 0 });
    expect(passing).toBeGreaterThanOrEqual(30);
  }, 300_000);
});
