// npm run bench:pipeline-db [-- --rows N --tier-up --pattern per-job|batched --database-url URL]: the pipeline's database work alone (ingest, claim, results, outbox, attempts) in process CPU ms per row, which moves far less than rows/s on a shared machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRepositories, openDatabase } from '@textclass/server/storage';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '4000' },
    'rows-per-job': { type: 'string', default: '8' },
    'tier-up': { type: 'boolean', default: false },
    pattern: { type: 'string', default: 'batched' },
    'database-url': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const PER_JOB = Number(values['rows-per-job']);
const BATCHED = values.pattern === 'batched';
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'textclass-dbcost-'));
  const database = await openDatabase({
    dataDir,
    pgliteTierUp: values['tier-up'],
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
  });
  try {
    const repos = createRepositories(database.db);
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
    while (classified < ROWS) {
      const jobs = BATCHED
        ? await repos.jobs.claim('dbcost', 128, 60_000, { arrayField: 'record_ids', max: 1024 })
        : await repos.jobs.claim('dbcost', 4, 60_000);
      if (jobs.length === 0) throw new Error(`no job left with ${classified} of ${ROWS} classified`);
      const groups = BATCHED ? [jobs] : jobs.map((j) => [j]);
      for (const group of groups) {
        await repos.datasets.get(ws.id, dataset.id);
        const ids = group.flatMap((j) => (j.payload as { record_ids: string[] }).record_ids);
        const records = await repos.pipeline.unclassified(dataset.id, ids);
        await repos.webhooks.listEnabled(ws.id);
        const written = await repos.pipeline.saveResults(
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
        );
        classified += written.length;
        if (BATCHED) await repos.jobs.completeAll(group.map((j) => j.id));
        else for (const j of group) await repos.jobs.complete(j.id);
      }
    }
    const t2 = cpuMs();
    let delivered = 0;
    while (delivered < ROWS) {
      const due = BATCHED
        ? await repos.webhooks.claimForSending(256, 256, 30_000, [])
        : await repos.webhooks.claimDue(16, 30_000);
      if (due.length === 0) throw new Error(`no delivery left with ${delivered} of ${ROWS} delivered`);
      const outcome = { status: 'succeeded' as const, nextAttemptAt: null, retries: 0 };
      const attempt = { attemptedAt: new Date(), statusCode: 200, latencyMs: 1, error: null };
      if (BATCHED)
        await repos.webhooks.recordAttempts(due.map(({ delivery }) => ({ id: delivery.id, attempt, outcome })));
      else await Promise.all(due.map(({ delivery }) => repos.webhooks.recordAttempt(delivery.id, attempt, outcome)));
      delivered += due.length;
    }
    const t3 = cpuMs();
    const per = (ms: number) => Math.round((ms / ROWS) * 1000) / 1000;
    process.stdout.write(
      `${JSON.stringify({
        database: values['database-url'] ? 'postgresql' : 'pglite',
        tierUp: values['tier-up'],
        pattern: values.pattern,
        rows: ROWS,
        rowsPerJob: PER_JOB,
        cpuMsPerRow: { accept: per(t1 - t0), classify: per(t2 - t1), deliver: per(t3 - t2) },
      })}\n`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
