// GET /v2/me over HTTP: the calling key (never the key itself) and its workspace's plan, rate limit and quota.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /v2/me', () => {
  it('names the calling key, its role and its workspace limits, for each role', async () => {
    const workspace = await server.createWorkspace({ name: 'who-am-i', plan: 'growth' });
    for (const role of ['reader', 'member', 'admin'] as const) {
      const key = await server.createKey(workspace, role);
      const { status, body } = await server.call('GET', '/v2/me', { key });
      expect(status).toBe(200);
      expect(body.key).toMatchObject({ role, prefix: key.slice(0, 11), last_four: key.slice(-4), revoked_at: null });
      expect(JSON.stringify(body)).not.toContain(key);
      expect(body.workspace).toEqual({
        id: workspace.id,
        name: 'who-am-i',
        plan: 'growth',
        rate_limit_per_minute: 300,
        monthly_quota: 100_000,
      });
    }
  });

  it('answers 401 without a key', async () => {
    expect((await server.call('GET', '/v2/me', { key: null })).status).toBe(401);
  });
});
