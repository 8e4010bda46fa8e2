// The ceiling: texts/s of bare session runs (onnx-runtime.ts, the server's session options) on pre-tokenised batches.
import { createOnnxSession, type Int64Input, type OnnxSession, packTokenBatches } from '@textclass/server/inference';
import { round } from './stats.js';
import type { Subject } from './subjects.js';

export interface RawResult {
  batch: number;
  runs: number;
  textsPerSecond: number;
  /** Mean milliseconds of one session.run at this batch size. */
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

/** One session (the server's options) with feeds per batch size, built before any timing. */
export class RawBench {
  private constructor(
    private readonly session: OnnxSession,
    private readonly output: string,
    private readonly groups: Map<number, Array<{ feeds: Feeds; sequence: number }>>,
  ) {}

  static async open(subject: Subject, texts: string[], batches: number[]): Promise<RawBench> {
    const session = await createOnnxSession(subject.modelPath);
    const output =
      ['sentence_embedding', 'last_hidden_state'].find((name) => session.outputNames.includes(name)) ??
      session.outputNames[0]!;
    const encoded = texts.map((text) => Int32Array.from(subject.tokenize(text)));
    const groups = new Map(batches.map((batch) => [batch, buildFeeds(session.inputNames, encoded, batch)]));
    for (const [batch, list] of groups)
      if (list.length === 0) throw new Error(`need at least ${batch} texts for batch ${batch}`);
    return new RawBench(session, output, groups);
  }

  /** Milliseconds of one session.run of the i-th prepared batch of this size. */
  async runOnce(batch: number, i: number): Promise<number> {
    const list = this.groups.get(batch) as Array<{ feeds: Feeds; sequence: number }>;
    const started = performance.now();
    await this.session.runInt64((list[i % list.length] as { feeds: Feeds }).feeds, this.output);
    return performance.now() - started;
  }

  /** Texts per second at this batch size within the limits. */
  async measure(batch: number, limits: RawLimits): Promise<RawResult> {
    const list = this.groups.get(batch) as Array<{ feeds: Feeds; sequence: number }>;
    for (let i = 0; i < limits.warmupRuns; i++) await this.runOnce(batch, i);
    let runs = 0;
    let sequences = 0;
    const started = performance.now();
    const deadline = started + limits.seconds * 1000;
    while (runs < limits.maxRuns && (runs < limits.minRuns || performance.now() < deadline)) {
      await this.runOnce(batch, runs);
      sequences += (list[runs % list.length] as { sequence: number }).sequence;
      runs++;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      batch,
      runs,
      textsPerSecond: round((runs * batch) / seconds, 1),
      msPerRun: round((seconds * 1000) / runs, 3),
      sequence: round(sequences / runs, 1),
    };
  }

  release(): Promise<void> {
    return this.session.release();
  }
}
