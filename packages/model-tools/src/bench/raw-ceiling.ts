// The ceiling: texts/s of bare session runs (onnx-runtime.ts, the server's session options) on pre-tokenised batches, one at a time on one session and as the server runs them.
import {
  createOnnxSession,
  type Int64Input,
  type OnnxSession,
  packTokenBatches,
  workerSessionShape,
} from '@textclass/server/inference';
import { timedCalls, type ServedShape } from './calls-in-flight.js';
import { round } from './stats.js';
import type { Subject } from './subjects.js';

export interface RawResult {
  batch: number;
  /** Runs at once: 1 on one session; more on worker sessions shaped as the server shapes a transformer's. */
  inFlight: number;
  runs: number;
  textsPerSecond: number;
  /** Wall milliseconds per session.run at this batch size (with runs at once, less than one run's latency). */
  msPerRun: number;
  /** Mean padded sequence length of the batches. */
  sequence: number;
}

export interface RawLimits {
  /** Stop after this long, but only once minRuns ran. */
  seconds: number;
  minRuns: number;
  maxRuns: number;
  warmupRuns: number;
}

type Feeds = Record<string, Int64Input>;

/** Padded feeds of `batch` texts each, built before timing so the loop measures session.run alone. */
function buildFeeds(
  inputNames: readonly string[],
  encoded: Int32Array[],
  batch: number,
): Array<{ feeds: Feeds; sequence: number }> {
  const groups: Array<{ feeds: Feeds; sequence: number }> = [];
  for (let start = 0; start + batch <= encoded.length; start += batch) {
    const [packed] = packTokenBatches(encoded.slice(start, start + batch), {
      maxRows: batch,
      maxCells: Number.MAX_SAFE_INTEGER,
    });
    if (!packed) continue;
    const dims = [packed.rows, packed.sequence];
    const byName: Record<string, Int64Input> = {
      input_ids: { data: packed.inputIds, dims },
      attention_mask: { data: packed.attentionMask, dims },
      token_type_ids: { data: new BigInt64Array(packed.inputIds.length), dims },
    };
    groups.push({
      feeds: Object.fromEntries(inputNames.map((name) => [name, byName[name] as Int64Input])),
      sequence: packed.sequence,
    });
  }
  return groups;
}

/** One session (the server's options) with feeds per batch size, built before any timing; with a served shape, also the server's worker sessions. */
export class RawBench {
  private constructor(
    private readonly session: OnnxSession,
    private readonly output: string,
    private readonly groups: Map<number, Array<{ feeds: Feeds; sequence: number }>>,
    private readonly served: { session: OnnxSession; inFlight: number } | undefined,
  ) {}

  static async open(subject: Subject, texts: string[], batches: number[], served?: ServedShape): Promise<RawBench> {
    const session = await createOnnxSession(subject.modelPath);
    const output =
      ['sentence_embedding', 'last_hidden_state'].find((name) => session.outputNames.includes(name)) ??
      session.outputNames[0]!;
    const encoded = texts.map((text) => Int32Array.from(subject.tokenize(text)));
    const groups = new Map(batches.map((batch) => [batch, buildFeeds(session.inputNames, encoded, batch)]));
    for (const [batch, list] of groups)
      if (list.length === 0) throw new Error(`need at least ${batch} texts for batch ${batch}`);
    if (!served || served.inFlight < 2 || subject.kind === 'static')
      return new RawBench(session, output, groups, undefined);
    const shape = workerSessionShape(served.encoderWorkers);
    const pool = await createOnnxSession(subject.modelPath, { thread: 'worker', ...shape });
    return new RawBench(session, output, groups, { session: pool, inFlight: served.inFlight });
  }

  /** The runs at once measure() can time: 1, and the served count when opened with one. */
  get inFlightCounts(): number[] {
    return this.served ? [1, this.served.inFlight] : [1];
  }

  /** Milliseconds of one session.run of the i-th prepared batch of this size (on the served sessions when asked). */
  async runOnce(batch: number, i: number, session: OnnxSession = this.session): Promise<number> {
    const list = this.groups.get(batch) as Array<{ feeds: Feeds; sequence: number }>;
    const started = performance.now();
    await session.runInt64((list[i % list.length] as { feeds: Feeds }).feeds, this.output);
    return performance.now() - started;
  }

  /**
   * Texts per second at this batch size within the limits, `inFlight` runs at once (a count other than 1 runs on the
   * worker sessions shaped as the server's).
   */
  async measure(batch: number, limits: RawLimits, inFlight = 1): Promise<RawResult> {
    const list = this.groups.get(batch) as Array<{ feeds: Feeds; sequence: number }>;
    if (inFlight !== 1 && inFlight !== this.served?.inFlight)
      throw new Error(`measure: ${inFlight} runs at once, but the served shape runs ${this.served?.inFlight ?? 1}`);
    const session = inFlight === 1 ? this.session : (this.served as { session: OnnxSession }).session;
    const run = (i: number) => this.runOnce(batch, i, session);
    const done = (made: number, elapsed: number) =>
      made >= limits.maxRuns || (made >= limits.minRuns && elapsed >= limits.seconds * 1000);
    const { first, calls: runs, ms } = await timedCalls(inFlight, limits.warmupRuns, done, run);
    let sequences = 0;
    for (let i = first; i < first + runs; i++) sequences += (list[i % list.length] as { sequence: number }).sequence;
    const seconds = ms / 1000;
    return {
      batch,
      inFlight,
      runs,
      textsPerSecond: round((runs * batch) / seconds, 1),
      msPerRun: round((seconds * 1000) / runs, 3),
      sequence: round(sequences / runs, 1),
    };
  }

  async release(): Promise<void> {
    await this.session.release();
    await this.served?.session.release();
  }
}
