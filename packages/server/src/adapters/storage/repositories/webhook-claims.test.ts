// The dispatcher's claim reads an endpoint's due range from its own index and updates through the primary key: a claim of 512 behind 512 leased reads about 1,024 deliveries, never the outbox (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';
import { claimStatement } from './webhook-batches.js';

/** A plan node of EXPLAIN (FORMAT JSON), with the fields this test reads. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe.each(testTargets())('webhook delivery claim on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });
  afterAll(() => database.dispose());

  const endpoint = async (workspaceId: number) =>
    repos.webhooks.create({
      workspaceId,
      url: 'http://127.0.0.1:9/hook',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdA==',
    });
  const outbox = async (endpointId: number, n: number, tag: string) =>
    sql`insert into webhook_deliveries (endpoint_id, event, message_id, body)
      select ${endpointId}, 'classification.completed', ${`msg_${tag}_`} || g, repeat('x', 400)
      from generate_series(1, ${n}) g`.execute(database.db);

  it('reads only the leased rows ahead and the rows it takes, from the per-endpoint index, and takes them in due order', async () => {
    const ws = await createWorkspace(repos);
    const [fast, other] = [await endpoint(ws.id), await endpoint(ws.id)];
    await outbox(fast.id, 6_000, `a${fast.id}`);
    await outbox(other.id, 100, `b${other.id}`);
    await sql`analyze webhook_deliveries`.execute(database.db);
    const caps = new Map([[fast.id, 512]]);

    // The first claim leases the oldest 512 of the fast endpoint and 64 (the default cap) of the other, whose deliveries
    // are all younger than the fast endpoint's 6,000 (the old claim's 4,096 oldest candidates held none of them).
    const first = await repos.webhooks.claimForSending(1_024, 64, 30_000, [], caps);
    const firstIds = first.filter((c) => c.endpoint.id === fast.id).map((c) => Number(c.delivery.id));
    expect(firstIds).toHaveLength(512);
    expect(first.filter((c) => c.endpoint.id === other.id)).toHaveLength(64);

    // The next claim of the fast endpoint alone, explained as it runs.
    const { rows } = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`
      explain (analyze, format json) ${claimStatement(1_024, 64, 30_000, [other.id], caps)}`.execute(database.db);
    const plan = nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'webhook_deliveries')).toEqual(
      [],
    );
    const due = plan.filter((n) => n['Index Name'] === 'webhook_deliveries_endpoint_due_idx');
    expect(due.length).toBeGreaterThan(0);
    const read = due.reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0), 0);
    // 512 leased ahead, 512 taken (the old claim read 4 x the limit as candidates: 4,096 here).
    expect(read).toBeLessThanOrEqual(1_024 + 16);
    expect(plan.some((n) => n['Index Name'] === 'webhook_deliveries_pkey')).toBe(true);

    // What it leased are the next 512 in due order, after the first claim's.
    const leased = await sql<{ id: string }>`
      select id from webhook_deliveries where endpoint_id = ${fast.id} and locked_until > now() order by id`.execute(
      database.db,
    );
    const ids = leased.rows.map((r) => Number(r.id));
    expect(ids).toHaveLength(1_024);
    expect(ids.slice(0, 512)).toEqual(firstIds.sort((a, b) => a - b));
    expect(ids[1_023]! - ids[0]!).toBe(1_023);
  });
});
