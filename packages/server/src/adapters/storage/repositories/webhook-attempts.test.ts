// A delivery's attempts: the first stored on its outbox row, the later ones in webhook_attempts, served in order either way; migration 0016 moves existing attempts without loss, both ways (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAttempt, WebhookEndpoint } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import * as firstAttemptMigration from '../migrations/0016_first_attempt.js';
import { createWorkspace } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const at = (second: number) => new Date(Date.UTC(2026, 0, 12, 10, 15, second));
const attempt = (second: number, statusCode: number | null, error: string | null = null): DeliveryAttempt => ({
  attemptedAt: at(second),
  statusCode,
  latencyMs: second,
  error,
});
const retrying = (retries: number) => ({ status: 'pending' as const, nextAttemptAt: at(59), retries });
const succeeded = (retries: number) => ({ status: 'succeeded' as const, nextAttemptAt: null, retries });

describe.each(testTargets())('webhook delivery attempts on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });
  afterAll(() => database.dispose());

  /** A new endpoint with `n` outbox rows; their ids, oldest first. */
  async function outbox(n: number): Promise<{ endpoint: WebhookEndpoint; ids: string[] }> {
    const ws = await createWorkspace(repos);
    const endpoint = await repos.webhooks.create({
      workspaceId: ws.id,
      url: 'http://127.0.0.1:9/hook',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdA==',
    });
    const { rows } = await sql<{ id: string }>`insert into webhook_deliveries (endpoint_id, event, message_id, body)
      select ${endpoint.id}, 'classification.completed', ${`msg_${endpoint.id}_`} || g, '{}'
      from generate_series(1, ${n}) g returning id`.execute(database.db);
    return { endpoint, ids: rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b)) };
  }
  const logged = async (ids: string[]) =>
    (
      await sql<{
        n: string;
      }>`select count(*) as n from webhook_attempts where delivery_id = any(${ids}::bigint[])`.execute(database.db)
    ).rows[0]!.n;
  const served = async (endpointId: number, id: string) => (await repos.webhooks.getDelivery(endpointId, id))!;

  it('records a first-attempt success on the delivery row alone, and serves it as the one attempt', async () => {
    const { endpoint, ids } = await outbox(2);
    await repos.webhooks.recordAttempts(ids.map((id) => ({ id, attempt: attempt(4, 200), outcome: succeeded(0) })));
    expect(await logged(ids)).toBe('0');
    for (const id of ids)
      expect(await served(endpoint.id, id)).toMatchObject({
        status: 'succeeded',
        nextAttemptAt: null,
        attempts: [attempt(4, 200)],
      });
    const page = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 10 });
    expect(page.items.map((d) => d.attempts)).toEqual([[attempt(4, 200)], [attempt(4, 200)]]);
  });

  it('keeps every attempt of a retried delivery in order: the first on the row, the later ones logged', async () => {
    const { endpoint, ids } = await outbox(1);
    const [id] = ids as [string];
    await repos.webhooks.recordAttempts([{ id, attempt: attempt(4, 500, 'answered 500'), outcome: retrying(1) }]);
    expect(await served(endpoint.id, id)).toMatchObject({ status: 'pending', nextAttemptAt: at(59), retries: 1 });
    await repos.webhooks.recordAttempt(id, attempt(9, null, 'timeout'), retrying(2));
    await repos.webhooks.recordAttempts([{ id, attempt: attempt(20, 204), outcome: succeeded(2) }]);
    // Redelivered: the history stays, the new attempt is appended.
    await repos.webhooks.redeliver(endpoint.id, id);
    await repos.webhooks.recordAttempts([{ id, attempt: attempt(30, 200), outcome: succeeded(0) }]);
    expect((await served(endpoint.id, id)).attempts).toEqual([
      attempt(4, 500, 'answered 500'),
      attempt(9, null, 'timeout'),
      attempt(20, 204),
      attempt(30, 200),
    ]);
    expect(await logged(ids)).toBe('3');
  });

  it('keeps both attempts when two recorders write the same delivery, and skips a delivery that is gone', async () => {
    const { endpoint, ids } = await outbox(2);
    const [id, gone] = ids as [string, string];
    await sql`delete from webhook_deliveries where id = ${gone}`.execute(database.db);
    // One tick with the same delivery twice (as if a second process's attempt landed in the same statement), and a
    // delivery deleted while in flight: nothing is lost, nothing fails.
    await repos.webhooks.recordAttempts([
      { id, attempt: attempt(5, 503, 'answered 503'), outcome: retrying(1) },
      { id: gone, attempt: attempt(5, 200), outcome: succeeded(0) },
      { id, attempt: attempt(6, 200), outcome: succeeded(0) },
    ]);
    await repos.webhooks.recordAttempts([{ id, attempt: attempt(7, 200), outcome: succeeded(0) }]);
    const attempts = (await served(endpoint.id, id)).attempts;
    expect(attempts).toHaveLength(3);
    expect(attempts.slice(1)).toContainEqual(attempt(7, 200));
    expect(attempts).toEqual(expect.arrayContaining([attempt(5, 503, 'answered 503'), attempt(6, 200)]));
    expect(await logged([gone])).toBe('0');
  });

  it('migration 0016 moves each delivery first attempt onto its row and back, losing and duplicating none', async () => {
    const { endpoint, ids } = await outbox(3);
    const [three, one] = ids as [string, string, string];
    await firstAttemptMigration.down(database.db);
    try {
      // The shape before 0016: every attempt in webhook_attempts, read in id order.
      const old = [
        [three, attempt(1, 500, 'answered 500')],
        [one, attempt(2, 200)],
        [three, attempt(3, null, 'timeout')],
        [three, attempt(8, 200)],
      ] as const;
      for (const [id, a] of old)
        await sql`insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
          values (${id}, ${a.attemptedAt.toISOString()}, ${a.statusCode}, ${a.latencyMs}, ${a.error})`.execute(
          database.db,
        );
    } finally {
      await firstAttemptMigration.up(database.db);
    }
    const expected = {
      [three]: [attempt(1, 500, 'answered 500'), attempt(3, null, 'timeout'), attempt(8, 200)],
      [one]: [attempt(2, 200)],
    };
    const check = async () => {
      const page = await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 10 });
      expect(Object.fromEntries(page.items.map((d) => [d.id, d.attempts]))).toEqual({ ...expected, [ids[2]!]: [] });
    };
    await check();
    expect(await logged(ids)).toBe('2');
    // Room left on each outbox page for the lease's heap-only update.
    const options = async () =>
      (
        await sql<{
          reloptions: string[] | null;
        }>`select reloptions from pg_class where oid = 'webhook_deliveries'::regclass`.execute(database.db)
      ).rows[0]!.reloptions;
    expect(await options()).toEqual(['fillfactor=70']);

    // Down again: every attempt back in webhook_attempts, each delivery's in its order.
    await firstAttemptMigration.down(database.db);
    try {
      const { rows } = await sql<{ delivery_id: string; latency_ms: number }>`
        select delivery_id, latency_ms from webhook_attempts where delivery_id = any(${ids}::bigint[]) order by id`.execute(
        database.db,
      );
      expect(await options()).toBeNull();
      expect(rows.map((r) => [String(r.delivery_id), r.latency_ms])).toEqual([
        [three, 1],
        [three, 3],
        [three, 8],
        [one, 2],
      ]);
    } finally {
      await firstAttemptMigration.up(database.db);
    }
    await check();
  });
});
