// npm run bench:inference [-- --quick] [--label NAME] [--profile-dir DIR] [--only KIND] [--with-load]: raw ceiling, textclass over HTTP and the transformers.js peer, one run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAIN, writeSyntheticEncoder } from '@textclass/server/testing';
import { pairedLatency, runLoad, type LoadResult, type PairedResult } from './http-load.js';
import { startPeer } from './peer-server.js';
import {
  makeTexts,
  neuralDefaultSubject,
  staticSubject,
  RawBench,
  type RawResult,
  round,
  type Subject,
  transformerSubject,
} from '@textclass/model-tools';
import { formatReport, targets, type SubjectResults } from './report.js';
import { BENCH_API_KEY, startTextclass } from './textclass-server.js';
import { boundsFor, type Bounds } from './bounds.js';
import type { Child } from './servers.js';
import { environment } from '../bench-environment.js';
import { bareRows } from './bare-rows.js';
import { runContention } from './contention-run.js';
import { servedShape } from '../lib/served-shape.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    label: { type: 'string' },
    'profile-dir': { type: 'string' },
    /** Measure only encoders of these kinds (repeatable: --only static), e.g. for the HTTP-stack rows alone. */
    only: { type: 'string', multiple: true },
    /** Instead of the rows: the transformer's c32 ratio to raw, interleaved, quiet and with a busy second process. */
    'with-load': { type: 'boolean', default: false },
    /** With --with-load: server variants NAME:KEY=VALUE[,KEY=VALUE] (repeatable), compared round by round. */
    'server-env': { type: 'string', multiple: true },
    /** With --with-load: rounds per condition and request size. */
    rounds: { type: 'string' },
  },
});
const QUICK = values.quick;
const CACHE = resolve('.bench-cache');
const SYNTHETIC_ID = 'synthetic-minilm-l12';
const TOKENS_PER_TEXT = 30;
const POOL = 4096;
const CONCURRENCY = [1, 8, 16, 32];
const PEER_CONCURRENCY = [16];
/** The bare node:http limit is measured for the fastest encoder (static) only: there the stack is the whole cost. */
const SIZES = [1, 8];
const RAW_BATCHES = [1, 8, 32];
const log = (line: string) => process.stderr.write(`${line}\n`);

async function ensureSynthetic(): Promise<void> {
  const dir = join(CACHE, 'encoders', SYNTHETIC_ID);
  if (existsSync(join(dir, 'model.onnx'))) return;
  log(`writing the full-size synthetic encoder to ${dir} (once; ~470 MB)`);
  await writeSyntheticEncoder({ dir, size: 'minilm-l12', seed: 42 });
}

function inferenceBody(texts: string[], size: number): (i: number) => string {
  return (i) => JSON.stringify({ texts: Array.from({ length: size }, (_, k) => texts[(i * size + k) % texts.length]) });
}

async function ceilingRows(subject: Subject, raw: RawBench, bounds: Bounds, when: string): Promise<RawResult[]> {
  log(`${subject.id}: raw session.run ceiling (${when})`);
  const rows: RawResult[] = [];
  for (const batch of RAW_BATCHES)
    for (const inFlight of raw.inFlightCounts) {
      const limits = { seconds: bounds.rawSeconds, maxRuns: bounds.rawRuns, minRuns: bounds.rawMinRuns, warmupRuns: 3 };
      const row = await raw.measure(batch, limits, inFlight);
      rows.push(row);
      const how = inFlight > 1 ? ` x ${inFlight} at once as served` : '';
      log(`  batch ${batch}${how}: ${row.textsPerSecond} texts/s (${row.msPerRun} ms of wall time per run)`);
    }
  return rows;
}

/** The load loops; at concurrency 32 the best raw batch is measured right before and after, for a same-moment ratio. */
async function loads(
  child: Child,
  path: string,
  headers: Record<string, string>,
  texts: string[],
  concurrency: number[],
  bounds: Bounds,
  name: string,
  adjacent?: { raw: RawBench; batch: number; inFlight: number },
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const rawNow = async () =>
    adjacent?.raw.measure(
      adjacent.batch,
      { seconds: bounds.rawSeconds / 2, maxRuns: bounds.rawRuns, minRuns: bounds.rawMinRuns, warmupRuns: 1 },
      adjacent.inFlight,
    );
  for (const size of SIZES) {
    for (const c of concurrency) {
      const before = c === 32 ? await rawNow() : undefined;
      const result: LoadResult = await runLoad({
        url: `${child.url}${path}`,
        headers,
        body: inferenceBody(texts, size),
        textsPerRequest: size,
        concurrency: c,
        maxRequests: bounds.requests,
        maxSeconds: bounds.seconds,
        warmupRequests: Math.max(bounds.warmup, 1),
      });
      const after = before ? await rawNow() : undefined;
      if (before && after)
        result.adjacentCeiling = {
          batch: before.batch,
          inFlight: before.inFlight,
          textsPerSecond: round((before.textsPerSecond + after.textsPerSecond) / 2, 1),
          before: before.textsPerSecond,
          after: after.textsPerSecond,
        };
      result.loadAverage1m = round(loadavg()[0] ?? 0, 2);
      log(
        `  ${name} c${c} x ${size}: ${result.textsPerSecond} texts/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (${result.requests} requests, ${result.errors} errors)` +
          `${result.adjacentCeiling ? `; raw batch ${result.adjacentCeiling.batch} around it ${result.adjacentCeiling.before} / ${result.adjacentCeiling.after} texts/s` : ''}`,
      );
      if (result.firstError) log(`    first error: ${result.firstError}`);
      results.push(result);
    }
  }
  return results;
}

async function measureSubject(subject: Subject, texts: string[]): Promise<SubjectResults> {
  const bounds: Bounds = boundsFor(subject.kind, QUICK);
  const meanTokens = round(texts.slice(0, 512).reduce((sum, t) => sum + subject.tokenize(t).length, 0) / 512, 1);
  const raw = await RawBench.open(subject, texts, RAW_BATCHES, servedShape());
  const auth = { authorization: `Bearer ${BENCH_API_KEY}` };
  let result: SubjectResults;
  try {
    const rawBefore = await ceilingRows(subject, raw, bounds, 'before the HTTP loops');
    const best = rawBefore.reduce((a, b) => (b.textsPerSecond > a.textsPerSecond ? b : a));
    log(`${subject.id}: textclass over HTTP (cache off)`);
    const server = await startTextclass(subject, values['profile-dir'] && resolve(values['profile-dir'], subject.id));
    const serverMemory: SubjectResults['serverMemory'] = {};
    let textclass: LoadResult[];
    let paired: PairedResult;
    let answer = '';
    try {
      const loaded = server.memory();
      if (loaded) serverMemory.loaded = loaded;
      const model = (await (await fetch(`${server.url}/v2/models/1`, { headers: auth })).json()) as {
        config?: { encoder?: string };
      };
      if (model.config?.encoder !== undefined && model.config.encoder !== subject.id)
        throw new Error(`demo model 1 uses ${model.config.encoder}, not ${subject.id}`);
      const sample = await fetch(`${server.url}/v2/models/1/inference`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: inferenceBody(texts, 1)(0),
      });
      answer = await sample.text();
      if (sample.status !== 200) throw new Error(`sample inference answered ${sample.status}: ${answer}`);
      textclass = await loads(server, '/v2/models/1/inference', auth, texts, CONCURRENCY, bounds, 'textclass', {
        raw,
        batch: best.batch,
        inFlight: best.inFlight,
      });
      paired = await pairedLatency(
        `${server.url}/v2/models/1/inference`,
        auth,
        inferenceBody(texts, 8),
        bounds.paired,
        (i) => raw.runOnce(8, i),
      );
      log(
        `  paired c1 x 8: HTTP p50 ${paired.httpP50Ms} ms vs raw batch 8 p50 ${paired.otherP50Ms} ms (${paired.rounds} rounds)`,
      );
      const after = server.memory();
      if (after) serverMemory.afterLoad = after;
    } finally {
      await server.stop();
    }
    const bare = subject.kind === 'static' ? await bareRows(answer, inferenceBody(texts, 1), bounds, log) : [];
    const rawAfter = await ceilingRows(subject, raw, bounds, 'after the HTTP loops');
    const ceiling = rawBefore.map((before, i) => {
      const after = rawAfter[i] as RawResult;
      return after.textsPerSecond > before.textsPerSecond ? after : before;
    });
    result = {
      encoder: subject.id,
      kind: subject.kind,
      meanTokens,
      raw: ceiling,
      rawBefore,
      rawAfter,
      textclass,
      paired,
      peer: [],
      bare,
      serverMemory,
    };
  } finally {
    await raw.release();
  }
  if (subject.kind !== 'transformer') return result;
  log(`${subject.id}: transformers.js peer`);
  try {
    const peer = await startPeer(CACHE, subject);
    try {
      result.peer = await loads(peer, '/embed', {}, texts, PEER_CONCURRENCY, bounds, 'transformers.js');
      result.peerMemory = peer.memory();
    } finally {
      await peer.stop();
    }
  } catch (error) {
    result.peerError = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' | ') : String(error);
    log(`  peer failed: ${result.peerError}`);
  }
  return result;
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  await ensureSynthetic();
  const started = new Date();
  const loadBefore = loadavg().map((l) => round(l, 2));
  const transformer = await transformerSubject(CACHE, SYNTHETIC_ID);
  const texts = makeTexts(POOL, TOKENS_PER_TEXT, (text) => transformer.tokenize(text).length);
  if (values['with-load']) {
    const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
    const options = { quick: QUICK, label: values.label, serverEnv: values['server-env'] ?? [], rounds, log };
    return runContention(transformer, texts, options);
  }
  const subjects: SubjectResults[] = [];
  const wanted = (kind: Subject['kind']) => !values.only || values.only.includes(kind);
  if (wanted('transformer')) subjects.push(await measureSubject(transformer, texts));
  if (wanted('neural')) subjects.push(await measureSubject(await neuralDefaultSubject(), texts));
  if (wanted('static')) subjects.push(await measureSubject(await staticSubject(), texts));
  const all = subjects.flatMap(targets);
  const printed = formatReport(subjects, all);
  process.stdout.write(`${printed}\n`);
  const label = values.label ?? `${started.toISOString().slice(0, 16).replace(/[:T]/g, '-')}${QUICK ? '-quick' : ''}`;
  const out = resolve('bench', 'results', `${label}.json`);
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        label,
        startedAt: started.toISOString(),
        seconds: round((Date.now() - started.getTime()) / 1000, 1),
        quick: QUICK,
        environment: {
          ...environment(),
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadavg().map((l) => round(l, 2)),
        },
        method: {
          texts: `${POOL} distinct texts of ~${TOKENS_PER_TEXT} tokens (synthetic WordPiece), sent round-robin; embedding cache off (TEXTCLASS_EMBEDDING_CACHE_MB=0)`,
          textclass:
            'built dist `serve` in its own process; POST /v2/models/1/inference (zero-shot demo model on the encoder under test)',
          bare: "node:http echo in its own process: parses the same one-text JSON body, answers a JSON object the size of textclass's answer; same client, c1 and c32, right after the static encoder's textclass loops",
          peer: 'node:http + transformers.js feature-extraction pipeline (pooling mean, normalize), fp32 onnx/model.onnx, own process',
          bounds: {
            transformer: boundsFor('transformer', QUICK),
            neural: boundsFor('neural', QUICK),
            static: boundsFor('static', QUICK),
          },
        },
        subjects,
        targets: all,
      },
      null,
      2,
    )}\n`,
  );
  log(`\nwrote ${out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:inference failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
