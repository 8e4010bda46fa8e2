// A TEXTCLASS_API_KEY revoked by another admin: the restart with the same environment works and says what to change.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'textclass-revoked-bootstrap-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (url: string, key: string, method = 'GET', body?: unknown) =>
  fetch(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('the bootstrap key (TEXTCLASS_API_KEY) after it was revoked', () => {
  it('restarts with the same environment, keeps the key revoked and says to unset or change it', async () => {
    const env = { TEXTCLASS_SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    server = await startServerProcess({ dataDir, env });
    const created = await call(`${server.url}/v2/api-keys`, TEST_API_KEY, 'POST', {
      name: 'second admin',
      role: 'admin',
    });
    expect(created.status).toBe(201);
    const { key: other } = (await created.json()) as { key: string };
    const listed = (await (await call(`${server.url}/v2/api-keys?limit=100`, other)).json()) as {
      data: { id: number; name: string }[];
    };
    const bootstrap = listed.data.find((entry) => entry.name === 'bootstrap (TEXTCLASS_API_KEY)')!;
    expect((await call(`${server.url}/v2/api-keys/${bootstrap.id}`, other, 'DELETE')).status).toBe(200);
    expect((await call(`${server.url}/v2/api-keys`, TEST_API_KEY)).status).toBe(401);
    expect(await server.stop()).toBe(0);

    server = await startServerProcess({ dataDir, env });
    expect(server.output()).toMatch(
      /TEXTCLASS_API_KEY names a key revoked at [0-9T:.-]+Z: it stays revoked \(401 on every request\); unset TEXTCLASS_API_KEY or choose another/,
    );
    expect((await call(`${server.url}/v2/api-keys`, TEST_API_KEY)).status).toBe(401);
    const after = await call(`${server.url}/v2/api-keys?limit=100`, other);
    expect(after.status).toBe(200);
    const keys = ((await after.json()) as { data: { name: string; revoked_at: string | null }[] }).data;
    expect(keys.filter((entry) => entry.name === 'bootstrap (TEXTCLASS_API_KEY)')).toEqual([
      expect.objectContaining({ revoked_at: expect.any(String) }),
    ]);
  }, 180_000);
});
