// Quota over HTTP: GET /v2/usage, and 50 concurrent requests at the quota edge never overspend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod } from '../../src/core/tenancy/quota.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** A workspace with its own copy of demo model 1 and a member key. */
async function workspaceWithModel(name: string, monthlyQuota: number | null) {
  const { repos } = server.running.runtime;
  const workspace = await server.createWorkspace({ name, plan: 'enterprise', monthlyQuota });
  const model = await repos.models.create({
    ...(await repos.models.get(server.workspace.id, 1))!,
    workspaceId: workspace.id,
  });
  return { workspace, model, key: await server.createKey(workspace, 'member') };
}

describe('quota', () => {
  it('GET /v2/usage shows texts × models used in the period, the quota and its reset (reader and up)', async () => {
    const { workspace, model, key } = await workspaceWithModel('usage-shown', 1000);
    const reader = await server.createKey(workspace, 'reader');
    const before = await server.call('GET', '/v2/usage', { key: reader });
    const period = billingPeriod(new Date(), 1);
    expect(before.body).toEqual({
      used: 0,
      limit: 1000,
      period_start: period.start.toISOString(),
      resets_at: period.end.toISOString(),
    });
    expect(
      (await server.call('POST', `/v2/models/${model.id}/inference`, { key, body: { texts: ['a', 'b', 'c'] } })).status,
    ).toBe(200);
    const second = await server.running.runtime.repos.models.create({
      ...(await server.running.runtime.repos.models.get(server.workspace.id, 2))!,
      workspaceId: workspace.id,
    });
    expect(
      (
        await server.call('POST', '/v2/multi-model/inference', {
          key,
          body: { texts: ['a', 'b'], model_ids: [model.id, second.id] },
        })
      ).status,
    ).toBe(200);
    expect((await server.call('GET', '/v2/usage', { key: reader })).body.used).toBe(3 + 2 * 2);
  });

  it('the unlimited default workspace is counted with limit null', async () => {
    const before = (await server.call('GET', '/v2/usage')).body;
    expect(before.limit).toBeNull();
    await server.call('POST', '/v2/models/1/inference', { body: { texts: ['one', 'two'] } });
    expect((await server.call('GET', '/v2/usage')).body.used).toBe(before.used + 2);
  });

  it('50 concurrent requests at the edge: successes × texts never exceed the quota and equal the stored usage', async () => {
    const quota = 100;
    const texts = ['first text', 'second text', 'third text'];
    const { workspace, model, key } = await workspaceWithModel('usage-edge', quota);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.call('POST', `/v2/models/${model.id}/inference`, { key, body: { texts } }),
      ),
    );
    const granted = responses.filter((r) => r.status === 200).length;
    const refused = responses.filter((r) => r.status === 403 && r.body.error_code === 'QUOTA_EXCEEDED').length;
    expect(granted + refused).toBe(50);
    expect(granted * texts.length).toBeLessThanOrEqual(quota);
    expect(granted).toBe(Math.floor(quota / texts.length));
    const stored = await server.running.runtime.repos.usage.used(
      workspace.id,
      billingPeriod(new Date(), workspace.billingCycleDay).start,
    );
    expect(stored).toBe(granted * texts.length);
    expect((await server.call('GET', '/v2/usage', { key })).body).toMatchObject({ used: stored, limit: quota });
  });
});
