// npm run bench:pipeline [-- --quick] [--encoder ID]… [--all] [--scale-out] [--database-url URL] [--concurrency C] [--label NAME] [--profile-dir DIR]: record pipeline rows/s and accept→webhook latency next to the encoder's own texts/s.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { round } from '@textclass/model-tools';
import { DEFAULT_ENCODER_ID } from '@textclass/server/inference';
import { MAIN } from '@textclass/server/testing';
import { environment } from '../bench-environment.js';
import { runPass, MODEL_IDS, type Bounds, type PassResult } from './run-once.js';
import { formatScaleOut, scaleOut, type ScaleOutRow } from './scale-out.js';
import { formatVerdicts } from './targets.js';

/** The encoders the targets name: the neural default (ratios) and the static one (rows/s). */
const ALL_ENCODERS = ['use-multi-612', 'static-multi-100d'];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    /** The server's default encoder (the demo models' one) and the encoder measured alone; repeatable. */
    encoder: { type: 'string', multiple: true },
    /** Both encoders, on PGlite and (with a URL) on PostgreSQL, then the scale-out rows: every target in one run. */
    all: { type: 'boolean', default: false },
    /** One process, `serve --workers 2` and two processes on one PostgreSQL, each draining an upload backlog. */
    'scale-out': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    label: { type: 'string' },
    'profile-dir': { type: 'string' },
  },
});
const QUICK = values.quick;
const DATABASE_URL = values['database-url'] ?? (process.env.TEST_DATABASE_URL || undefined);
const BOUNDS: Bounds = {
  item: {
    concurrency: Number(values.concurrency),
    maxRows: QUICK ? 4_000 : 12_000,
    maxSeconds: QUICK ? 8 : 15,
    drainSeconds: QUICK ? 40 : 120,
  },
  steady: { seconds: QUICK ? 10 : 20, drainSeconds: QUICK ? 20 : 40 },
  upload: { rows: QUICK ? 20_000 : 50_000, encoderSeconds: QUICK ? 15 : 40, drainSeconds: QUICK ? 45 : 150 },
  encoder: { batches: [8, 32, 64], seconds: QUICK ? 0.5 : 1.5 },
};
const ENCODERS = values.all ? ALL_ENCODERS : (values.encoder ?? [DEFAULT_ENCODER_ID]);
/** --all: PGlite and PostgreSQL (when a URL is given); otherwise the one database the URL (or its absence) names. */
const DATABASES: Array<string | undefined> = values.all
  ? [undefined, ...(DATABASE_URL ? [DATABASE_URL] : [])]
  : [DATABASE_URL];
const SCALE_OUT = values['scale-out'] || (values.all && DATABASE_URL !== undefined);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  if (values['scale-out'] && !DATABASE_URL) throw new Error('--scale-out needs --database-url or TEST_DATABASE_URL');
  const started = new Date();
  const loadBefore = loadavg().map((l) => round(l, 2));
  const passes: Array<Omit<PassResult, 'printed'> & { loadAfter: number[] }> = [];
  const printed: string[] = [];
  for (const database of DATABASES) {
    for (const encoderId of ENCODERS) {
      log(`\n== pass: ${encoderId} on ${database ? 'PostgreSQL' : 'PGlite'}`);
      const { printed: text, ...pass } = await runPass(encoderId, database, BOUNDS, values['profile-dir']);
      passes.push({ ...pass, loadAfter: loadavg().map((l) => round(l, 2)) });
      printed.push(text);
    }
  }
  let scale: ScaleOutRow[] | undefined;
  if (SCALE_OUT && DATABASE_URL) {
    // The static encoder: the database and the queue, not the neural encoder, are what more processes share.
    const encoderId = values.all ? 'static-multi-100d' : (ENCODERS[0] as string);
    scale = await scaleOut(DATABASE_URL, encoderId, BOUNDS.upload.rows, BOUNDS.upload.drainSeconds);
    printed.push(formatScaleOut(scale, encoderId));
  }
  if (passes.length > 1) {
    const all = passes.flatMap((p) =>
      p.targets.map((t) => ({ ...t, target: `[${p.meta.encoderId}, ${p.meta.database}] ${t.target}` })),
    );
    printed.push(formatVerdicts(all).replace('== targets', '== every target of this run'));
  }
  process.stdout.write(`${printed.join('\n\n')}\n`);
  const only = passes.length === 1 ? passes[0] : undefined;
  const label =
    values.label ??
    `pipeline-${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${values.all ? 'all' : ENCODERS.join('+')}${QUICK ? '-quick' : ''}${!values.all && DATABASE_URL ? '-postgresql' : ''}`;
  const out = resolve('bench', 'results', `${label}.json`);
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  const environmentOf = {
    ...environment(),
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg().map((l) => round(l, 2)),
  };
  const method = { models: MODEL_IDS.length, modelIds: MODEL_IDS, bounds: BOUNDS };
  // One pass keeps the earlier file's shape (its fields at the top); several are listed under `passes`.
  const body = only ? { ...only, method: { ...method, ...only.meta, server: only.server } } : { method, passes };
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        label,
        startedAt: started.toISOString(),
        seconds: round((Date.now() - started.getTime()) / 1000, 1),
        quick: QUICK,
        environment: environmentOf,
        ...body,
        ...(scale ? { scaleOut: scale } : {}),
      },
      null,
      2,
    )}\n`,
  );
  log(`\nwrote ${out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:pipeline failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
