// Sessions on a worker thread: same outputs as inline, the event loop runs during a run, errors and a lost worker.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextTokenizer } from '../transformer/hf-tokenizer.js';
import { createOnnxSession, type Int64Input, type OnnxSession } from './onnx-runtime.js';
import { WorkerOnnxSession } from './onnx-thread-session.js';
import { writeSyntheticEncoder } from '../../../testing/synthetic-encoder.js';
import { packTokenBatches } from '../token-batches.js';
import { readTransformerExport } from '../transformer/transformer-export.js';

let root: string;
let modelPath: string;
let feeds: Record<string, Int64Input>;
let inline: OnnxSession;
let threaded: OnnxSession;

/** A padded batch of 64 texts of up to 128 tokens: enough work that one run spans several event-loop turns. */
async function bigBatch(dir: string): Promise<Record<string, Int64Input>> {
  const exported = await readTransformerExport(dir);
  const tokenizer = new TextTokenizer(exported.tokenizerJson, exported.tokenizerConfig, exported.maxSeqLength);
  const text = (i: number) =>
    `ticket ${i}: ` + 'the parcel did not arrive and the refund is still missing '.repeat(1 + (i % 4));
  const encoded = Array.from({ length: 64 }, (_, i) => Int32Array.from(tokenizer.windows(text(i))[0]?.ids ?? []));
  const [batch] = packTokenBatches(encoded, { maxRows: 64, maxCells: Number.MAX_SAFE_INTEGER });
  if (!batch) throw new Error('no batch');
  const dims = [batch.rows, batch.sequence];
  return {
    input_ids: { data: batch.inputIds, dims },
    attention_mask: { data: batch.attentionMask, dims },
    token_type_ids: { data: new BigInt64Array(batch.inputIds.length), dims },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-onnx-worker-'));
  await writeSyntheticEncoder({ dir: root, size: 'tiny', maxSeqLength: 128 });
  modelPath = (await readTransformerExport(root)).modelPath;
  feeds = await bigBatch(root);
  inline = await createOnnxSession(modelPath);
  threaded = await createOnnxSession(modelPath, { thread: 'worker' });
});

afterAll(async () => {
  await inline?.release();
  await threaded?.release();
  await rm(root, { recursive: true, force: true });
});

/** setImmediate turns the event loop completes while `run` is pending. */
async function turnsDuring(run: () => Promise<unknown>): Promise<number> {
  let done = false;
  const pending = run().finally(() => {
    done = true;
  });
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!done) turns += 1;
  }
  await pending;
  return turns;
}

describe('an ONNX session on a worker thread', () => {
  it('declares the same inputs and outputs and computes the same output as an inline session', async () => {
    expect(threaded.inputNames).toEqual(inline.inputNames);
    expect(threaded.outputNames).toEqual(inline.outputNames);
    const a = await inline.runInt64(feeds, 'last_hidden_state');
    const b = await threaded.runInt64(feeds, 'last_hidden_state');
    expect(b.dims).toEqual(a.dims);
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
  });

  it('leaves the event loop running during a run; an inline run holds it for the whole run', async () => {
    expect(await turnsDuring(() => threaded.runInt64(feeds, 'last_hidden_state'))).toBeGreaterThan(0);
    expect(await turnsDuring(() => inline.runInt64(feeds, 'last_hidden_state'))).toBe(0);
  });

  it("answers concurrent runs each with its own result, and leaves the caller's inputs readable", async () => {
    const one = { ...feeds, input_ids: { ...feeds.input_ids!, data: feeds.input_ids!.data.slice() } };
    one.input_ids.data[1] = 7n;
    const [a, b] = await Promise.all([
      threaded.runInt64(feeds, 'last_hidden_state'),
      threaded.runInt64(one, 'last_hidden_state'),
    ]);
    expect(Array.from(a.data)).toEqual(Array.from((await inline.runInt64(feeds, 'last_hidden_state')).data));
    expect(Array.from(b.data)).toEqual(Array.from((await inline.runInt64(one, 'last_hidden_state')).data));
    expect(feeds.attention_mask!.data.length).toBe(a.dims[0]! * a.dims[1]!);
  });

  it('rejects a run that onnxruntime refuses, and keeps serving', async () => {
    await expect(threaded.runInt64(feeds, 'no_such_output')).rejects.toThrow(/no_such_output/);
    const ok = await threaded.runInt64(feeds, 'last_hidden_state');
    expect(ok.data.length).toBeGreaterThan(0);
  });

  it('fails the runs a lost worker held, and the next run starts a new worker with the same model', async () => {
    const session = await createOnnxSession(modelPath, { thread: 'worker' });
    try {
      await session.runInt64(feeds, 'last_hidden_state');
      // The worker is idle (never stopped in the middle of a native run); a run sent while it goes away is lost with it.
      const stopping = (session as unknown as { current: { worker: Worker } }).current.worker.terminate();
      const held = session.runInt64(feeds, 'last_hidden_state');
      await stopping;
      await expect(held).rejects.toThrow(/ONNX worker exited/);
      const again = await session.runInt64(feeds, 'last_hidden_state');
      expect(Array.from(again.data)).toEqual(Array.from((await inline.runInt64(feeds, 'last_hidden_state')).data));
    } finally {
      await session.release();
    }
    await expect(session.runInt64(feeds, 'last_hidden_state')).rejects.toThrow(/released/);
  });

  it('finishes the runs it holds before a release takes the session away', async () => {
    const session = await createOnnxSession(modelPath, { thread: 'worker' });
    const runs = [session.runInt64(feeds, 'last_hidden_state'), session.runInt64(feeds, 'last_hidden_state')];
    await session.release();
    const expected = Array.from((await inline.runInt64(feeds, 'last_hidden_state')).data);
    for (const run of runs) expect(Array.from((await run).data)).toEqual(expected);
  });

  it('reports a model that cannot load when it is created', async () => {
    await expect(createOnnxSession(join(root, 'missing.onnx'), { thread: 'worker' })).rejects.toThrow(/missing\.onnx/);
  });
});

describe('a worker session after a large run', () => {
  it('moves to a fresh worker once idle, which gives the same outputs', async () => {
    const trimmed = await createOnnxSession(modelPath, { thread: 'worker', trimAboveCells: 10, trimAfterIdleMs: 20 });
    try {
      const before = await trimmed.runInt64(feeds, 'last_hidden_state');
      expect(trimmed).toBeInstanceOf(WorkerOnnxSession);
      const session = trimmed as WorkerOnnxSession;
      expect(session.workersStarted).toBe(1);
      while (session.workersStarted < 2) await new Promise((r) => setTimeout(r, 20));
      const after = await trimmed.runInt64(feeds, 'last_hidden_state');
      expect(after.dims).toEqual(before.dims);
      expect([...after.data]).toEqual([...before.data]);
    } finally {
      await trimmed.release();
    }
  });
});

describe('releasing a worker session', () => {
  it('keeps the process alive until the worker has let go, so a script that awaits it ends normally', async () => {
    // A worker is unref'd once its runs are done: a script whose last step awaited release() exited with code 13
    // ("unsettled top-level await") before the worker answered (npm run eval did). It runs on the built package.
    const script = join(root, 'release.mjs');
    await writeFile(
      script,
      [
        `const { createOnnxSession } = await import(${JSON.stringify(import.meta.resolve('@textclass/server/inference'))});`,
        `const session = await createOnnxSession(${JSON.stringify(modelPath)}, { thread: 'worker' });`,
        'const dims = [1, 4];',
        'const ids = { data: new BigInt64Array([1n, 2n, 3n, 4n]), dims };',
        'const mask = { data: new BigInt64Array(4).fill(1n), dims };',
        'const types = { data: new BigInt64Array(4), dims };',
        "await session.runInt64({ input_ids: ids, attention_mask: mask, token_type_ids: types }, 'last_hidden_state');",
        'await session.release();',
        "process.stdout.write('released');",
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 60_000 });
    expect(stdout).toBe('released');
  }, 90_000);
});
