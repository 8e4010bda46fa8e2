// bench:inference --with-load: the transformer's c32 rows against the raw ceiling, interleaved, quiet and with a busy second process.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { RawBench, round, type Subject } from '@textclass/model-tools';
import { environment } from '../bench-environment.js';
import { startBusyLoad } from './busy-load.js';
import { contentionCells, type ContentionCell, type Variant } from './contention.js';
import { BENCH_API_KEY, startTextclass } from './textclass-server.js';
import { servedShape } from '../lib/served-shape.js';

export interface ContentionOptions {
  quick: boolean;
  label: string | undefined;
  /** Server variants as `NAME:KEY=VALUE,KEY=VALUE` (environment over the bench's); none: one plain server. */
  serverEnv: string[];
  /** Rounds per condition and request size (default 3 with --quick, else 5). */
  rounds: number | undefined;
  log(line: string): void;
}

function parseVariant(spec: string): { name: string; env: NodeJS.ProcessEnv } {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const env: NodeJS.ProcessEnv = {};
  for (const pair of colon < 0 ? [] : spec.slice(colon + 1).split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--server-env ${spec}: expected NAME:KEY=VALUE[,KEY=VALUE]`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { name, env };
}

function formatCells(cells: ContentionCell[]): string {
  const lines = [
    '',
    `${'condition'.padEnd(10)}${'variant'.padEnd(22)}${'texts'.padStart(6)}${'batch'.padStart(6)}${'c32 texts/s'.padStart(12)}` +
      `${'raw texts/s'.padStart(12)}${'ratio median'.padStart(13)}${'min–max'.padStart(14)}${'of means'.padStart(9)}${'rounds'.padStart(7)}`,
  ];
  for (const c of cells)
    lines.push(
      `${c.condition.padEnd(10)}${c.variant.padEnd(22)}${String(c.textsPerRequest).padStart(6)}${`${c.ceilingBatch}${c.ceilingInFlight > 1 ? `x${c.ceilingInFlight}` : ''}`.padStart(6)}` +
        `${String(c.medianTextsPerSecond).padStart(12)}${String(c.medianRaw).padStart(12)}${String(c.medianRatio).padStart(13)}` +
        `${`${c.minRatio}–${c.maxRatio}`.padStart(14)}${String(c.ratioOfMeans).padStart(9)}${String(c.rounds.length).padStart(7)}`,
    );
  return lines.join('\n');
}

export async function runContention(subject: Subject, texts: string[], options: ContentionOptions): Promise<void> {
  const { log } = options;
  const started = new Date();
  const loadBefore = loadavg().map((l) => round(l, 2));
  const rounds = options.rounds ?? (options.quick ? 3 : 5);
  const rawSeconds = options.quick ? 2 : 3;
  const httpSeconds = options.quick ? 3 : 5;
  const wanted = options.serverEnv.length > 0 ? options.serverEnv.map(parseVariant) : [{ name: 'textclass', env: {} }];
  const raw = await RawBench.open(subject, texts, [8, 32], servedShape());
  const variants: Variant[] = [];
  const cells: ContentionCell[] = [];
  let load: ReturnType<typeof startBusyLoad> | undefined;
  try {
    for (const v of wanted) {
      log(`starting textclass (${v.name}${Object.keys(v.env).length ? `: ${JSON.stringify(v.env)}` : ''})`);
      variants.push({ name: v.name, server: await startTextclass(subject, undefined, v.env) });
    }
    const spec = {
      raw,
      variants,
      headers: { authorization: `Bearer ${BENCH_API_KEY}` },
      body: (size: number) => (i: number) =>
        JSON.stringify({ texts: Array.from({ length: size }, (_, k) => texts[(i * size + k) % texts.length]) }),
      rounds,
      rawSeconds,
      httpSeconds,
      log,
    };
    cells.push(...(await contentionCells(spec, 'quiet')));
    load = startBusyLoad();
    log(`second process: ${load.description}`);
    await new Promise((r) => setTimeout(r, 1000));
    cells.push(...(await contentionCells(spec, 'loaded')));
  } finally {
    await load?.stop();
    for (const v of variants) await v.server.stop();
    await raw.release();
  }
  const loadDescription = 'one busy-loop `node -e "for (;;) {}"` child of the bench (same niceness, one thread)';
  process.stdout.write(
    `\n== ${subject.id}: c32 against the raw ceiling, interleaved (${rounds} rounds; raw ${rawSeconds} s, HTTP ${httpSeconds} s each)` +
      `\n"loaded": ${loadDescription}; "quiet": without it (other work on the machine still runs: see the load averages)` +
      `${formatCells(cells)}\n`,
  );
  const label = options.label ?? `${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}-with-load`;
  const out = resolve('bench', 'results', `${label}.json`);
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  const result = {
    label,
    startedAt: started.toISOString(),
    seconds: round((Date.now() - started.getTime()) / 1000, 1),
    quick: options.quick,
    environment: {
      ...environment(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((l) => round(l, 2)),
    },
    method: {
      encoder: subject.id,
      load: loadDescription,
      rounds: `per condition and request size: raw, then ${rounds} × (c32 HTTP loop of ${httpSeconds} s per variant, each followed by raw ${rawSeconds} s); ratio = the loop's texts/s ÷ the mean of the raw runs right before and after it`,
      ceilingBatch:
        'the fastest of raw batch 8 and 32, one run at a time or as many at once as the server runs (ceilingInFlight), measured at the start of each condition',
      threads:
        '/proc/PID/task/*/schedstat: cores = run seconds per wall second, waiting = run-queue wait per wall second',
      variants: wanted,
    },
    cells,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nwrote ${out}`);
}
