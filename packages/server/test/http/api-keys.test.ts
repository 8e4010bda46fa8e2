// API key management over HTTP: created with a role and shown once, stored hashed, listed by prefix, revoked at once.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const create = (body: unknown, key?: string) => server.call('POST', '/v2/api-keys', { body, ...(key ? { key } : {}) });

describe('API keys over HTTP', () => {
  it('creates a key shown once, which works at once with its role, and is stored only as its SHA-256 hash', async () => {
    const created = await create({ name: 'helpdesk', role: 'member' });
    expect(created.status).toBe(201);
    const { key, ...shown } = created.body;
    expect(key).toMatch(/^tc_[A-Za-z0-9_-]{20,}$/);
    expect(shown).toEqual({
      id: expect.any(Number),
      name: 'helpdesk',
      role: 'member',
      prefix: key.slice(0, 11),
      last_four: key.slice(-4),
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });

    expect((await server.call('POST', '/v2/models/1/inference', { key, body: { texts: ['hello'] } })).status).toBe(200);
    expect((await server.call('GET', '/v2/api-keys', { key })).body).toMatchObject({
      status: 403,
      error_code: 'FORBIDDEN',
    });

    const row = await server.running.runtime.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', shown.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(11, -4));

    const listed = await server.call('GET', '/v2/api-keys?limit=100');
    const entry = listed.body.data.find((k: { id: number }) => k.id === shown.id);
    expect(entry).toMatchObject({ ...shown, last_used_at: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it('lists keys with the pagination envelope', async () => {
    await create({ name: 'one', role: 'reader' });
    const all = await server.call('GET', '/v2/api-keys?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    const page = await server.call('GET', '/v2/api-keys?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: all.body.total, offset: 1, limit: 1, has_more: all.body.total > 2 });
    expect(page.body.data).toEqual([all.body.data[1]]);
  });

  it('revokes at once: the key gets 401 from the next request; revoking again keeps the first time', async () => {
    const { body: created } = await create({ name: 'short-lived', role: 'reader' });
    expect((await server.call('GET', '/v2/models', { key: created.key })).status).toBe(200);
    const revoked = await server.call('DELETE', `/v2/api-keys/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, revoked_at: expect.any(String) });
    const denied = await server.call('GET', '/v2/models', { key: created.key });
    expect(denied.status).toBe(401);
    expect(denied.body.error_code).toBe('UNAUTHORIZED');
    const again = await server.call('DELETE', `/v2/api-keys/${created.id}`);
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
  });

  it('an admin key may revoke itself', async () => {
    const { body: admin } = await create({ name: 'self', role: 'admin' });
    expect((await server.call('DELETE', `/v2/api-keys/${admin.id}`, { key: admin.key })).status).toBe(200);
    expect((await server.call('GET', '/v2/api-keys', { key: admin.key })).status).toBe(401);
  });

  it('refuses bad input: unknown role, missing name, unknown key id, malformed id', async () => {
    const badRole = await create({ name: 'x', role: 'owner' });
    expect([badRole.status, badRole.body.error_code]).toEqual([400, 'INVALID_PARAMETER']);
    const noName = await create({ role: 'reader' });
    expect([noName.status, noName.body.error_code]).toEqual([400, 'MISSING_REQUIRED_FIELD']);
    const extra = await create({ name: 'x', role: 'reader', key: 'tc_chosen_by_client_000000' });
    expect([extra.status, extra.body.error_code]).toEqual([400, 'INVALID_PARAMETER']);
    const missing = await server.call('DELETE', '/v2/api-keys/999999');
    expect([missing.status, missing.body.error_code]).toEqual([404, 'NOT_FOUND']);
    expect((await server.call('DELETE', '/v2/api-keys/abc')).status).toBe(400);
  });
});
