// npm run bench:pipeline-db [-- --rows N --tier-up --pattern per-job|batched --database-url URL --storage PATH --deliver-every N]: the pipeline's database work alone (ingest, claim, results, outbox, attempts) in process CPU ms per row and per statement, which moves far less than rows/s on a shared machine.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Storage from '@textclass/server/storage';
import { createScratchDatabase } from '@textclass/server/testing';
import { sql } from 'kysely';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '4000' },
    'rows-per-job': { type: 'string', default: '8' },
    'tier-up': { type: 'boolean', default: false },
    pattern: { type: 'string', default: 'batched' },
    'database-url': { type: 'string' },
    // Another build's dist/adapters/storage/index.js (an earlier tree's, to alternate old and new).
    storage: { type: 'string' },
    // The dispatcher's claim: deliveries held in all, and one endpoint's grown claim (its defaults 1,024 and 512).
    'claim-limit': { type: 'string', default: '1024' },
    'endpoint-claim': { type: 'string', default: '512' },
    // Rows that trickle in: one job of --rows-per-job at a time, and a delivery tick (record, then claim 64 for the
    // endpoint) after every N of them, with --held-claims claims still leased (in flight) as each claim is made.
    'deliver-every': { type: 'string' },
    'held-claims': { type: 'string', default: '2' },
  },
});
const { createRepositories, openDatabase } = (await import(
  values.storage ? pathToFileURL(values.storage).href : '@textclass/server/storage'
)) as typeof Storage;
const ROWS = Number(values.rows);
const PER_JOB = Number(values['rows-per-job']);
const BATCHED = values.pattern === 'batched';
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const TRICKLE = values['deliver-every'] !== undefined;
/** PostgreSQL: the pids of the backends serving the scratch database (refreshed now and then), for their CPU. */
let backendPids: number[] = [];
/** CPU ms the scratch database's backends ran (from /proc/PID/schedstat, in ns), 0 on PGlite. */
const backendMs = () =>
  backendPids.reduce((sum, pid) => {
    try {
      return sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return sum;
    }
  }, 0);
/** CPU ms (this process: all of PGlite's), wall ms and PostgreSQL backends' CPU ms of each statement kind, summed. */
const spent = new Map<string, { cpu: number; wall: number; backend: number; calls: number }>();
async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const cpu = cpuMs();
  const backend = backendMs();
  const wall = performance.now();
  try {
    return await run();
  } finally {
    const sum = spent.get(name) ?? { cpu: 0, wall: 0, backend: 0, calls: 0 };
    spent.set(name, {
      cpu: sum.cpu + cpuMs() - cpu,
      wall: sum.wall + performance.now() - wall,
      backend: sum.backend + backendMs() - backend,
      calls: sum.calls + 1,
    });
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-dbcost-'));
  // PostgreSQL: a scratch database created from the URL and dropped afterwards.
  const scratch = values['database-url'] ? await createScratchDatabase(values['database-url'], 'dbcost') : undefined;
  const database = await openDatabase({
    dataDir,
    pgliteTierUp: values['tier-up'],
    ...(scratch ? { databaseUrl: scratch.url } : {}),
  });
  try {
    const repos = createRepositories(database.db);
    const refreshPids = async () => {
      if (!scratch) return;
      const { rows } = await sql<{
        pid: number;
      }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
      backendPids = rows.map((r) => r.pid);
    };
    const ws = await repos.workspaces.create({
      name: `dbcost-${Date.now()}`,
      plan: 'starter',
      rateLimitPerMinute: null,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
    const dataset = await repos.datasets.create({
      workspaceId: ws.id,
      name: 'rows',
      columns: [{ name: 'text', type: 'text' }],
      textColumn: 'text',
      modelIds: [],
    });
    const endpoint = await repos.webhooks.create({
      workspaceId: ws.id,
      url: 'http://127.0.0.1:9/hook',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdA==',
    });
    const jobsFor = ({ recordIds }: { recordIds: string[] }) => [
      { kind: 'dbcost', payload: { workspace_id: ws.id, dataset_id: dataset.id, record_ids: recordIds } },
    ];
    // As in the dispatcher, a claim is made while earlier ones are still leased (in flight), and recorded after.
    const outcome = { status: 'succeeded' as const, nextAttemptAt: null, retries: 0 };
    const attempt = { attemptedAt: new Date(), statusCode: 200, latencyMs: 1, error: null };
    const record = (ids: string[]) =>
      timed('webhooks.record', async () => {
        if (ids.length === 0) return;
        if (BATCHED) await repos.webhooks.recordAttempts(ids.map((id) => ({ id, attempt, outcome })));
        else await Promise.all(ids.map((id) => repos.webhooks.recordAttempt(id, attempt, outcome)));
      });
    let delivered = 0;
    let claims = 0;
    const held: string[][] = [];
    const heldClaims = TRICKLE ? Number(values['held-claims']) : 1;
    /** One dispatcher tick: the oldest claim in flight recorded, then a claim while the others are still leased. */
    const deliverTick = async () => {
      while (held.length > heldClaims) await record(held.shift()!);
      const due = await timed('webhooks.claim', () =>
        TRICKLE
          ? repos.webhooks.claimForSending(1024, 64, 30_000, [], new Map([[endpoint.id, 64]]))
          : BATCHED
            ? repos.webhooks.claimForSending(
                Number(values['claim-limit']),
                64,
                30_000,
                [],
                new Map([[endpoint.id, Number(values['endpoint-claim'])]]),
              )
            : repos.webhooks.claimDue(16, 30_000),
      );
      held.push(due.map(({ delivery }) => delivery.id));
      delivered += due.length;
      claims += due.length > 0 ? 1 : 0;
      return due.length;
    };
    const deliverRest = async () => {
      while (delivered < ROWS) {
        if ((await deliverTick()) === 0 && held.every((h) => h.length === 0))
          throw new Error(`no delivery left with ${delivered} of ${ROWS} delivered`);
      }
      while (held.length > 0) await record(held.shift()!);
    };
    const t0 = cpuMs();
    for (let i = 0; i < ROWS; i += PER_JOB) {
      const rows = Array.from({ length: Math.min(PER_JOB, ROWS - i) }, (_, k) => ({
        values: { text: `row ${i + k} the invoice was charged twice and support never answered` },
        metadata: {},
      }));
      await repos.records.insertMany(dataset.id, rows, jobsFor);
    }
    const t1 = cpuMs();
    let classified = 0;
    let jobsDone = 0;
    await refreshPids();
    while (classified < ROWS) {
      if (jobsDone % 100 === 0) await refreshPids();
      const jobs = await timed('jobs.claim', () =>
        TRICKLE
          ? repos.jobs.claim('dbcost', 1, 60_000, { arrayField: 'record_ids', max: PER_JOB })
          : BATCHED
            ? repos.jobs.claim('dbcost', 128, 60_000, { arrayField: 'record_ids', max: 1024 })
            : repos.jobs.claim('dbcost', 4, 60_000),
      );
      if (jobs.length === 0) throw new Error(`no job left with ${classified} of ${ROWS} classified`);
      const groups = BATCHED ? [jobs] : jobs.map((j) => [j]);
      for (const group of groups) {
        await timed('datasets.get', () => repos.datasets.get(ws.id, dataset.id));
        const ids = group.flatMap((j) => (j.payload as { record_ids: string[] }).record_ids);
        const records = await timed('pipeline.unclassified', () => repos.pipeline.unclassified(dataset.id, ids));
        await timed('webhooks.listEnabled', () => repos.webhooks.listEnabled(ws.id));
        const written = await timed('pipeline.saveResults', () =>
          repos.pipeline.saveResults(
            ws.id,
            records.map((r) => ({
              recordId: r.id,
              classifications: { '1': { label: 'billing', confidence: 0.9 } },
              needsReview: [],
              skippedModels: {},
              failedModels: {},
              event: {
                type: 'classification.completed',
                body: JSON.stringify({ row_id: r.id }),
                endpointIds: [endpoint.id],
              },
            })),
          ),
        );
        classified += written.length;
        await timed('jobs.complete', async () => {
          if (BATCHED) await repos.jobs.completeAll(group.map((j) => j.id));
          else for (const j of group) await repos.jobs.complete(j.id);
        });
        jobsDone += 1;
        if (TRICKLE && jobsDone % Number(values['deliver-every']) === 0) await deliverTick();
      }
    }
    const t2 = cpuMs();
    await deliverRest();
    const t3 = cpuMs();
    const per = (ms: number) => Math.round((ms / ROWS) * 1000) / 1000;
    process.stdout.write(
      `${JSON.stringify({
        database: values['database-url'] ? 'postgresql' : 'pglite',
        tierUp: values['tier-up'],
        pattern: values.pattern,
        rows: ROWS,
        rowsPerJob: PER_JOB,
        ...(TRICKLE ? { deliverEvery: Number(values['deliver-every']), rowsPerClaim: Math.round(ROWS / claims) } : {}),
        cpuMsPerRow: { accept: per(t1 - t0), classify: per(t2 - t1), deliver: per(t3 - t2) },
        statementMsPerRow: Object.fromEntries(
          [...spent].map(([name, ms]) => [
            name,
            { cpu: per(ms.cpu), wall: per(ms.wall), ...(scratch ? { backend: per(ms.backend) } : {}), calls: ms.calls },
          ]),
        ),
      })}\n`,
    );
  } finally {
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
