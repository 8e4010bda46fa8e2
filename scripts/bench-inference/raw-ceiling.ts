// The ceiling: texts/s of bare session runs (onnx-runtime.ts, the server's session options) on pre-tokenised batches.
import { createOnnxSession, type Int64Input } from '../../packages/server/src/inference/onnx-runtime.js';
import { packTokenBatches } from '../../packages/server/src/inference/token-batches.js';
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
function buildFeeds(inputNames: readonly string[], encoded: Int32Array[], batch: number): Array<{ feeds: Feeds; sequence: number }> {
  const groups: Array<{ feeds: Feeds; sequence: number }> = [];
  for (let start = 0; start + batch <= encoded.length; start += batch) {
    const [packed] = packTokenBatches(encoded.slice(start, start + batch), { maxRows: batch, maxCells: Number.MAX_SAFE_INTEGER });
    if (!packed) continue;
    const dims = [packed.rows, packed.sequence];
    const byName: Record<string, Int64Input> = {
      input_ids: { data: packed.inputIds, dims },
      attention_mask: { data: packed.attentionMask, dims },
      token_type_ids: { data: new BigInt64Array(packed.inputIds.length), dims },
    };
    groups.push({ feeds: Object.fromEntries(inputNames.map((name) => [name, byName[name] as Int64Input])), sequence: packed.sequence });
  }
  return groups;
}

/** Runs each batch size for at most limits.seconds / limits.maxRuns and reports texts per second. */
export async function measureCeiling(subject: Subject, texts: string[], batches: number[], limits: RawLimits): Promise<RawResult[]> {
  const session = await createOnnxSession(subject.modelPath);
  const output = ['sentence_embedding', 'last_hidden_state'].find((name) => session.outputNames.includes(name)) ?? session.outputNames[0]!;
  const encoded = texts.map((text) => Int32Array.from(subject.tokenize(text)));
  const results: RawResult[] = [];
  try {
    for (const batch of batches) {
      const groups = buildFeeds(session.inputNames, encoded, batch);
      if (groups.length === 0) throw new Error(`need at least ${batch} texts for batch ${batch}`);
      for (let i = 0; i < limits.warmupRuns; i++) await session.runInt64(groups[i % groups.length]!.feeds, output);
      let runs = 0;
      let sequences = 0;
      const started = performance.now();
      const deadline = started + limits.seconds * 1000;
      while (runs < limits.maxRuns && (runs < limits.minRuns || performance.now() < deadline)) {
        const group = groups[runs % groups.length]!;
        await session.runInt64(group.feeds, output);
        sequences += group.sequence;
        runs++;
      }
      const seconds = (performance.now() - started) / 1000;
      results.push({ batch, runs, textsPerSecond: round((runs * batch) / seconds, 1), msPerRun: round((seconds * 1000) / runs, 3), sequence: round(sequences / runs, 1) });
    }
  } finally {
    await session.release();
  }
  return results;
}
