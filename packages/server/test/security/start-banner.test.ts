// The start banner of `textclass serve`: a key set in TEXTCLASS_API_KEY never reaches stdout or stderr; a generated one is printed once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CONFIGURED = 'tc_banner_configured_key_0123456789';
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts `textclass serve` at info level; the kit returns once the child has printed its banner. */
function started(dataDir: string, apiKey: string): Promise<ServerProcess> {
  // As `npm start` runs it: npm names the script it runs in npm_lifecycle_event.
  return startServerProcess({
    dataDir,
    env: { TEXTCLASS_API_KEY: apiKey, LOG_LEVEL: 'info', npm_lifecycle_event: 'start' },
  });
}

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'textclass-banner-'));
  dataDirs.push(dir);
  return dir;
}

describe('start banner', () => {
  it('never prints a key set in TEXTCLASS_API_KEY, on the first start or a later one', async () => {
    const dataDir = scratch();
    for (let start = 0; start < 2; start += 1) {
      const server = await started(dataDir, CONFIGURED);
      try {
        const auth = await fetch(`${server.url}/v2/models`, { headers: { Authorization: `Bearer ${CONFIGURED}` } });
        expect(auth.status).toBe(200);
      } finally {
        await server.stop();
      }
      const output = server.output();
      expect(output).toContain('textclass is ready at');
      expect(output).toContain('API key:  the one in TEXTCLASS_API_KEY');
      expect(output).not.toContain(CONFIGURED);
      expect(output).not.toContain(CONFIGURED.slice(3, 20));
    }
  }, 180_000);

  it('prints a generated key once: on the start that made it, not on the next', async () => {
    const dataDir = scratch();
    const first = await started(dataDir, '');
    await first.stop();
    const keys = first.output().match(/tc_[A-Za-z0-9_-]{20,}/g) ?? [];
    expect(keys).toHaveLength(1);
    expect(first.output()).toContain(`API key:  ${keys[0]}   (shown once: keep it)`);

    const second = await started(dataDir, '');
    try {
      const auth = await fetch(`${second.url}/v2/models`, { headers: { Authorization: `Bearer ${keys[0]}` } });
      expect(auth.status).toBe(200);
      // The hint for a lost key runs as printed, from the checkout's root, while the server runs: it prints a new
      // admin key that the server accepts.
      const hint = /lost it\? `([^`]+)` prints a new one/.exec(second.output())?.[1];
      expect(hint).toMatch(/^npx textclass keys create --role admin --data-dir /);
      const { stdout } = await run('bash', ['-c', hint!], { cwd: REPO_ROOT, timeout: 60_000 });
      const minted = stdout.trim();
      expect(minted).toMatch(/^tc_/);
      const admin = await fetch(`${second.url}/v2/api-keys`, { headers: { Authorization: `Bearer ${minted}` } });
      expect(admin.status).toBe(200);
    } finally {
      await second.stop();
    }
    expect(second.output()).toContain('textclass is ready at');
    expect(second.output()).not.toContain(keys[0]);
    expect(second.output()).toContain('the one printed on first start');
  }, 180_000);
});
