// tsx scripts/bench-pipeline/accept-ab.ts --before DIST [--after DIST] [--pairs N] [--database-url URL]: the accept write alone (8 writers × 50 item calls of 8 rows through DatasetService), two builds' dist alternated in fresh processes, CPU and wall ms a call and the after ÷ before ratio pair by pair.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Storage from '@textclass/server/storage';
import { sql } from 'kysely';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'packages/server/dist' },
    pairs: { type: 'string', default: '4' },
    'database-url': { type: 'string' },
    // One measurement in this process, for the parent: the dist to import.
    child: { type: 'string' },
  },
});

/** What this bench uses of the server's DatasetService (core/datasets/datasets.ts), which no package entry exports. */
type DatasetServiceClass = new (
  datasets: ReturnType<typeof Storage.createRepositories>['datasets'],
  records: ReturnType<typeof Storage.createRepositories>['records'],
  models: ReturnType<typeof Storage.createRepositories>['models'],
) => { addRows(workspaceId: number, key: number, rows: Array<Record<string, unknown>>): Promise<unknown[]> };

interface Measured {
  cpuMsPerCall: number;
  wallMsPerCall: number;
}

const WRITERS = 8;
const CALLS = 50;

async function measure(dist: string, databaseUrl: string | undefined): Promise<Measured> {
  const storage = (await import(pathToFileURL(resolve(dist, 'adapters/storage/index.js')).href)) as typeof Storage;
  const { DatasetService } = (await import(pathToFileURL(resolve(dist, 'core/datasets/datasets.js')).href)) as {
    DatasetService: DatasetServiceClass;
  };
  const schema = `tc_accept_${randomBytes(4).toString('hex')}`;
  const database = await storage.openDatabase(
    databaseUrl ? { databaseUrl, dataDir: storage.IN_MEMORY, schema } : { dataDir: storage.IN_MEMORY },
  );
  try {
    const repos = storage.createRepositories(database.db);
    const workspace = await repos.workspaces.create({
      name: `accept-${schema}`,
      plan: 'starter',
      rateLimitPerMinute: null,
      monthlyQuota: null,
      billingCycleDay: 1,
    });
    const dataset = await repos.datasets.create({
      workspaceId: workspace.id,
      name: 'accept',
      columns: [
        { name: 'text', type: 'text' },
        { name: 'stars', type: 'number' },
      ],
      textColumn: 'text',
      modelIds: [],
    });
    const service = new DatasetService(repos.datasets, repos.records, repos.models);
    const rows = Array.from({ length: 8 }, (_, i) => ({ text: `my invoice number ${i} is wrong`, stars: i }));
    const write = (calls: number) =>
      Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let call = 0; call < calls; call++) await service.addRows(workspace.id, dataset.id, rows);
        }),
      );
    await write(10);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await write(CALLS);
    const used = process.cpuUsage(cpu);
    const calls = WRITERS * CALLS;
    return {
      cpuMsPerCall: Number(((used.user + used.system) / 1000 / calls).toFixed(3)),
      wallMsPerCall: Number(((performance.now() - started) / calls).toFixed(3)),
    };
  } finally {
    if (databaseUrl) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  }
}

if (values.child) {
  console.log(JSON.stringify(await measure(values.child, values['database-url'])));
} else {
  if (!values.before) throw new Error('--before DIST is required (another build’s packages/server/dist)');
  const run = (dist: string): Measured => {
    const args = [
      process.argv[1]!,
      '--child',
      dist,
      ...(values['database-url'] ? ['--database-url', values['database-url']] : []),
    ];
    const out = execFileSync(process.execPath, [...process.execArgv, ...args], { encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').at(-1)!) as Measured;
  };
  const ratios: Array<{ cpu: number; wall: number }> = [];
  for (let pair = 1; pair <= Number(values.pairs); pair++) {
    // A B, then B A: neither build always runs first.
    const first = pair % 2 === 1 ? 'before' : 'after';
    const measured: Record<string, Measured> = {};
    for (const which of first === 'before' ? ['before', 'after'] : ['after', 'before']) {
      measured[which] = run(which === 'before' ? values.before : values.after);
    }
    const [before, after] = [measured.before!, measured.after!];
    ratios.push({ cpu: after.cpuMsPerCall / before.cpuMsPerCall, wall: after.wallMsPerCall / before.wallMsPerCall });
    console.log(
      JSON.stringify({
        pair,
        database: values['database-url'] ? 'postgres' : 'pglite',
        before,
        after,
        cpuAfterOverBefore: Number(ratios.at(-1)!.cpu.toFixed(3)),
        wallAfterOverBefore: Number(ratios.at(-1)!.wall.toFixed(3)),
      }),
    );
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  console.log(
    `after ÷ before, median of ${ratios.length} pairs: CPU a call ${median(ratios.map((r) => r.cpu)).toFixed(3)}, ` +
      `wall a call ${median(ratios.map((r) => r.wall)).toFixed(3)} (client process; PostgreSQL's backends not counted)`,
  );
}
