// 10,000 rows from 20 concurrent writers through two server processes on one PostgreSQL, and through `serve --workers 2`: count exact, each row classified once, each event delivered once.
import { afterAll, describe, expect, it } from 'vitest';
import { startChaosReceiver, type ChaosReceiver } from '../testing/chaos-receiver.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { faultEnv, setupPipeline, until } from './harness.js';
import { newWriteLog, runWriters } from './writers.js';
import { scrape } from '../testing/prometheus-text.js';

const WRITERS = 20;
const ROWS = 10_000;
const SENDER_TIMEOUT_MS = 5_000;

/** Why this test cannot run here, or undefined; in CI PostgreSQL must be there. */
function skipReason(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  if (process.env.CI)
    throw new Error('the two-process fault test needs TEST_DATABASE_URL in CI (.ci/run starts PostgreSQL)');
  return 'needs PostgreSQL: set TEST_DATABASE_URL (bash .ci/start-postgres.sh)';
}

const reason = skipReason();

/** Two `serve` processes on one database (writers alternate between them), or one `serve --workers 2` (its cluster). */
const SETUPS = [
  { name: 'two processes on one PostgreSQL', processes: 2, env: {} },
  { name: 'serve --workers 2 on PostgreSQL', processes: 1, env: { TEXTCLASS_WORKERS: '2' } },
] as const;

describe.skipIf(reason !== undefined).each(SETUPS)(`$name${reason ? ` (skipped: ${reason})` : ''}`, (setupOf) => {
  let scratch: ScratchDatabase | undefined;
  let receiver: ChaosReceiver | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await receiver?.close();
    await scratch?.drop();
  });

  it(
    `stores ${ROWS} rows from ${WRITERS} writers exactly, classifies each once and delivers each event`,
    { timeout: 360_000 },
    async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'twoproc');
      receiver = await startChaosReceiver({
        seed: 'two-processes',
        faultRate: 0,
        maxFailures: 0,
        senderTimeoutMs: SENDER_TIMEOUT_MS,
      });
      const env = { ...faultEnv(SENDER_TIMEOUT_MS), DATABASE_URL: scratch.url, ...setupOf.env };
      // One after the other: the first migrates and seeds the demo models.
      servers.push(await startServerProcess({ env }));
      if (setupOf.processes === 2)
        servers.push(await startServerProcess({ env: { ...env, TEXTCLASS_SEED_DEMO: 'false' } }));
      const setup = await setupPipeline(servers[0]!, receiver.url);
      receiver.secret = setup.secret;

      const log = newWriteLog();
      const target = (writer: number) => servers[writer % servers.length]!;
      const started = Date.now();
      await runWriters(
        {
          writers: WRITERS,
          target,
          dataset: setup,
          rowsPerItem: 8,
          mixRecords: false,
          rowsPerWriter: ROWS / WRITERS,
          label: 'load',
        },
        log,
      );
      expect(log.rejected).toEqual([]);
      expect(log.inDoubt.size).toBe(0);
      expect(log.accepted.size).toBe(ROWS);

      const written = Date.now();
      await receiver.waitForProcessed(ROWS, 150_000);
      process.stderr.write(
        `${setupOf.name}: ${ROWS} rows written in ${written - started} ms, all delivered after ${Date.now() - started} ms\n`,
      );
      const {
        rows: [counts],
      } = await scratch.pool.query<{ rows: string; texts: string; unclassified: string; row_count: string }>(
        `select count(*) as rows, count(distinct "values"->>'text') as texts, count(*) filter (where classifications is null) as unclassified,
              (select row_count from datasets where id = $1) as row_count
       from records where dataset_id = $1`,
        [setup.id],
      );
      expect(counts).toEqual({ rows: String(ROWS), texts: String(ROWS), unclassified: '0', row_count: String(ROWS) });
      // Classified once: one outbox row per record (a second classification would add another), and no job left.
      const {
        rows: [outbox],
      } = await scratch.pool.query<{ deliveries: string; records: string }>(
        `select count(*) as deliveries, count(distinct body::jsonb->>'row_id') as records from webhook_deliveries`,
      );
      expect(outbox).toEqual({ deliveries: String(ROWS), records: String(ROWS) });
      // A job is deleted just after its results commit, so the last ones may still be finishing.
      const jobsLeft = async () =>
        Number((await scratch!.pool.query<{ n: string }>('select count(*) as n from jobs')).rows[0]!.n);
      await until(
        async () => (await jobsLeft()) === 0,
        30_000,
        () => 'jobs still queued',
      );
      expect(new Set(receiver.processed.values()).size).toBe(ROWS);
      expect(receiver.processed.size).toBe(ROWS);
      expect(receiver.stats.invalid).toBe(0);
      // Delivered once: no event reached the receiver a second time (the receiver answers at once, so no retry is due).
      expect(receiver.stats.duplicates).toBe(0);

      // /metrics: the backlog gauges are the database's, so both processes report them alike (and drained); the
      // counters are each process's own, and summed over both they count every delivery exactly once.
      const drained = async () => {
        const scrapes = await Promise.all(servers.map((s) => scrape(s.url)));
        const quiet = scrapes.every(
          (m) =>
            m.value('textclass_webhook_backlog') === 0 &&
            m.value('textclass_jobs_pending', { kind: 'classification' }) === 0,
        );
        return quiet ? scrapes : undefined;
      };
      let scrapes: Awaited<ReturnType<typeof drained>>;
      await until(
        async () => (scrapes = await drained()) !== undefined,
        30_000,
        () => 'the backlog gauges to read 0 on both processes',
      );
      const sum = (name: string, labels?: Record<string, string>) =>
        scrapes!.reduce((total, m) => total + m.value(name, labels), 0);
      expect(sum('textclass_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(ROWS);
      expect(sum('textclass_webhook_delivery_lag_seconds_count')).toBe(ROWS);
      expect(sum('textclass_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
      expect(
        sum('textclass_jobs_processed_total', { kind: 'classification', outcome: 'succeeded' }),
      ).toBeGreaterThanOrEqual(ROWS / 8);
    },
  );
});
