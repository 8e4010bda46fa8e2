// Two `textclass serve` processes on one PostgreSQL and one Redis behind nginx behave like one service (issue 4, item 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/testing/server-process.js';
import { address, clusterSkipReason, startCluster, type Cluster } from './cluster.js';
import { hammer, writeUntil } from './load.js';

const skip = clusterSkipReason();
const LIMIT = 5;
const QUOTA = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until check() holds, every 10 ms for at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not seen within 10 s');
    await sleep(10);
  }
}
const auth = (key: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.skipIf(skip !== undefined)(
  `scale-out: 2 processes + PostgreSQL + Redis + nginx${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let cluster: Cluster;
    let limitedKey: string;
    const cli = (args: string[]) => runCli(args, { DATABASE_URL: cluster.db.url, LOG_LEVEL: 'warn' });
    const servedBy = (pattern: RegExp) => {
      const lines = cluster.nginx
        .accessLog()
        .split('\n')
        .filter((line) => pattern.test(line));
      return new Set(lines.map((line) => /upstream=(\S+)/.exec(line)?.[1]));
    };

    beforeAll(async () => {
      cluster = await startCluster();
      await cluster.db.pool.query(
        `INSERT INTO workspaces (name, plan, rate_limit_per_minute) VALUES ('scale-limited', 'enterprise', $1)`,
        [LIMIT],
      );
      limitedKey = await cli(['keys', 'create', '--workspace', 'scale-limited', '--role', 'reader']);
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    it('a key created through one process works on the other at once, and its revocation too', async () => {
      const created = await fetch(`${cluster.a.url}/v2/api-keys`, {
        method: 'POST',
        headers: auth(cluster.adminKey),
        body: JSON.stringify({ name: 'scale-out', role: 'reader' }),
      });
      expect(created.status).toBe(201);
      const { id, key } = (await created.json()) as { id: number; key: string };
      const onB = await fetch(`${cluster.b.url}/v2/models`, { headers: auth(key) });
      expect(onB.status).toBe(200);
      const revoked = await fetch(`${cluster.b.url}/v2/api-keys/${id}`, {
        method: 'DELETE',
        headers: auth(cluster.adminKey),
      });
      expect(revoked.status).toBe(200);
      expect((await fetch(`${cluster.a.url}/v2/models`, { headers: auth(key) })).status).toBe(401);
      const health = await (await fetch(`${cluster.nginx.url}/health`)).json();
      expect(health).toEqual({ status: 'ok', rate_limits: 'redis' });
    });

    it('a key used on both processes and revoked through one is refused by the other within moments', async () => {
      const created = await fetch(`${cluster.a.url}/v2/api-keys`, {
        method: 'POST',
        headers: auth(cluster.adminKey),
        body: JSON.stringify({ name: 'cached-on-both', role: 'reader' }),
      });
      const { id, key } = (await created.json()) as { id: number; key: string };
      for (const server of [cluster.a, cluster.b])
        expect((await fetch(`${server.url}/v2/models`, { headers: auth(key) })).status).toBe(200);
      const revoked = await fetch(`${cluster.a.url}/v2/api-keys/${id}`, {
        method: 'DELETE',
        headers: auth(cluster.adminKey),
      });
      expect(revoked.status).toBe(200);
      expect((await fetch(`${cluster.a.url}/v2/models`, { headers: auth(key) })).status).toBe(401);
      // B cached the key; the database's change notification drops it there (milliseconds): poll, bounded.
      await until(async () => (await fetch(`${cluster.b.url}/v2/models`, { headers: auth(key) })).status === 401);
    });

    describe.concurrent('under load through nginx', () => {
      const burstSpent = deferred();
      const quotaDone = deferred();

      it(
        'holds the per-minute limit across both processes: limit + burst (±1) allowed in the window',
        { timeout: 90_000 },
        async () => {
          const started = Date.now();
          // The window starts at the first request (Redis clock), so it ends after started + 60 s: stay inside it.
          const result = await hammer(`${cluster.nginx.url}/v2/models?limit=7`, limitedKey, started + 58_500, () =>
            burstSpent.resolve(),
          );
          burstSpent.resolve();
          expect(Math.abs(result.allowed - 2 * LIMIT), JSON.stringify(result)).toBeLessThanOrEqual(1);
          expect(result.refused, JSON.stringify(result)).toBeGreaterThan(100);
          expect(result.refusalsWithoutRetryAfter, JSON.stringify(result)).toBe(0);
          expect(result.allowedAfterBurstWindow, JSON.stringify(result)).toBe(0);
          // Both processes answered allowed requests: the counters are shared, not per process.
          expect(servedBy(/limit=7 HTTP\/1\.1" 200 /).size).toBe(2);
        },
      );

      it(
        'shares the quota: concurrent classification on both processes never spends more than the quota',
        { timeout: 60_000 },
        async () => {
          try {
            const {
              rows: [workspace],
            } = await cluster.db.pool.query<{ id: number }>(
              `UPDATE workspaces SET monthly_quota = $1 WHERE name = 'default' RETURNING id`,
              [QUOTA],
            );
            // Each process answers from its cached workspace until the change notification reaches it: wait for both.
            for (const server of [cluster.a, cluster.b])
              await until(
                async () =>
                  (
                    (await (await fetch(`${server.url}/v2/usage`, { headers: auth(cluster.adminKey) })).json()) as {
                      limit: number | null;
                    }
                  ).limit === QUOTA,
              );
            const models = (await (
              await fetch(`${cluster.nginx.url}/v2/models`, { headers: auth(cluster.adminKey) })
            ).json()) as { data: Array<{ id: number }> };
            const modelId = models.data[0]!.id;
            const statuses = await Promise.all(
              Array.from({ length: QUOTA + 10 }, async (_, i) => {
                const res = await fetch(`${cluster.nginx.url}/v2/models/${modelId}/inference`, {
                  method: 'POST',
                  headers: auth(cluster.adminKey),
                  body: JSON.stringify({ texts: [`my parcel ${i} never arrived`] }),
                });
                const body = (await res.json()) as { error_code?: string };
                return res.status === 200 ? 'ok' : (body.error_code ?? String(res.status));
              }),
            );
            expect(
              statuses.filter((s) => s === 'ok'),
              statuses.join(' '),
            ).toHaveLength(QUOTA);
            expect(statuses.filter((s) => s === 'QUOTA_EXCEEDED')).toHaveLength(10);
            const { rows } = await cluster.db.pool.query<{ used: string }>(
              'SELECT coalesce(sum(used), 0) AS used FROM quota_usage WHERE workspace_id = $1',
              [workspace!.id],
            );
            expect(Number(rows[0]!.used)).toBe(QUOTA);
            expect(servedBy(/\/inference HTTP\/1\.1" 200 /).size).toBe(2);
          } finally {
            quotaDone.resolve();
          }
        },
      );

      it('loses no accepted write when one process is SIGKILLed mid-load', { timeout: 60_000 }, async () => {
        await Promise.all([burstSpent.promise, quotaDone.promise]);
        const datasets = (await (
          await fetch(`${cluster.nginx.url}/v2/datasets`, { headers: auth(cluster.adminKey) })
        ).json()) as { data: Array<{ key: string }> };
        const url = `${cluster.nginx.url}/v2/datasets/${datasets.data[0]!.key}/records`;
        const before = await writeUntil(url, cluster.adminKey, 'before', 30);
        const during = writeUntil(url, cluster.adminKey, 'during', 40);
        await sleep(200);
        cluster.b.child.kill('SIGKILL');
        const after = await during;
        const summary = `before the kill: ${before.accepted.length} accepted, ${before.failed} failed; during: ${after.accepted.length} accepted, ${after.failed} failed`;
        expect(before.accepted.length, summary).toBeGreaterThanOrEqual(30);
        expect(after.accepted.length, summary).toBeGreaterThanOrEqual(40);
        const accepted = [...before.accepted, ...after.accepted];
        const { rows } = await cluster.db.pool.query<{ id: string }>(
          'SELECT id FROM records WHERE id = ANY($1::bigint[])',
          [accepted],
        );
        const stored = new Set(rows.map((row) => String(row.id)));
        expect(
          accepted.filter((id) => !stored.has(id)),
          `acknowledged but not stored (${summary})`,
        ).toEqual([]);
        expect(servedBy(/\/records HTTP\/1\.1" 201 /), 'process B acknowledged writes before it was killed').toContain(
          address(cluster.b),
        );
      });
    });
  },
);
