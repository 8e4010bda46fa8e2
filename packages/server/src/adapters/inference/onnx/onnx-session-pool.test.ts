// Sessions side by side on worker threads: a second worker starts when runs overlap and retires when idle; outputs as an inline session's; the core share per worker.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticEncoder } from '../../../testing/synthetic-encoder.js';
import { readTransformerExport } from '../transformer/transformer-export.js';
import { createOnnxSession, type Int64Input, type OnnxSession } from './onnx-runtime.js';
import { PooledOnnxSession, workerSessionShape } from './onnx-session-pool.js';
import { WorkerOnnxSession } from './onnx-thread-session.js';

let root: string;
let modelPath: string;
let inline: OnnxSession;

/** Two rows of eight tokens; `shift` changes the ids so that two runs have different outputs. */
function feeds(shift: number): Record<string, Int64Input> {
  const dims = [2, 8];
  return {
    input_ids: { data: BigInt64Array.from({ length: 16 }, (_, i) => BigInt(2 + ((i * 7 + shift) % 40))), dims },
    attention_mask: { data: new BigInt64Array(16).fill(1n), dims },
    token_type_ids: { data: new BigInt64Array(16), dims },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-onnx-pool-'));
  await writeSyntheticEncoder({ dir: root, size: 'tiny', maxSeqLength: 128 });
  modelPath = (await readTransformerExport(root)).modelPath;
  inline = await createOnnxSession(modelPath);
});

afterAll(async () => {
  await inline?.release();
  await rm(root, { recursive: true, force: true });
});

describe('ONNX sessions side by side', () => {
  it('starts a second worker when runs overlap, then runs two at once, each answering what an inline session does', async () => {
    const pool = await createOnnxSession(modelPath, { thread: 'worker', workers: 2, intraOpThreads: 1 });
    try {
      expect(pool).toBeInstanceOf(PooledOnnxSession);
      const sessions = pool as PooledOnnxSession;
      expect(sessions.inputNames).toEqual(inline.inputNames);
      // An idle pool holds one worker; two runs at once both go to it (none waits for a load) and start a second.
      expect(sessions.workersStarted).toBe(1);
      const first = [0, 1].map((shift) => sessions.runInt64(feeds(shift), 'last_hidden_state'));
      expect(sessions.runsInFlight).toEqual([2]);
      await Promise.all(first);
      await sessions.settled();
      expect(sessions.workersStarted).toBe(2);
      const runs = [0, 1, 2].map((shift) => sessions.runInt64(feeds(shift), 'last_hidden_state'));
      expect(sessions.runsInFlight).toEqual([2, 1]);
      const outputs = await Promise.all(runs);
      expect(sessions.runsInFlight).toEqual([0, 0]);
      for (const [shift, output] of outputs.entries()) {
        const expected = await inline.runInt64(feeds(shift), 'last_hidden_state');
        expect(output.dims).toEqual(expected.dims);
        expect(Array.from(output.data)).toEqual(Array.from(expected.data));
      }
      expect(Array.from(outputs[0]!.data)).not.toEqual(Array.from(outputs[1]!.data));
    } finally {
      await pool.release();
    }
    await expect(pool.runInt64(feeds(0), 'last_hidden_state')).rejects.toThrow(/released/);
  });

  it('retires the second worker once it has idled, and starts one again when runs overlap', async () => {
    const pool = await PooledOnnxSession.create({ path: modelPath, options: { intraOpThreads: 1 } }, 2, 150);
    try {
      await Promise.all([0, 1].map((shift) => pool.runInt64(feeds(shift), 'last_hidden_state')));
      await pool.settled();
      expect(pool.runsInFlight).toEqual([0, 0]);
      while (pool.runsInFlight.length > 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(pool.workersStarted).toBe(2);
      await Promise.all([0, 1].map((shift) => pool.runInt64(feeds(shift), 'last_hidden_state')));
      await pool.settled();
      expect(pool.workersStarted).toBe(3);
      expect(pool.runsInFlight).toEqual([0, 0]);
    } finally {
      await pool.release();
    }
  });

  it('keeps one worker session for a count of one', async () => {
    const single = await createOnnxSession(modelPath, { thread: 'worker', workers: 1 });
    expect(single).toBeInstanceOf(WorkerOnnxSession);
    await single.release();
  });

  it('gives each worker an equal share of up to four cores, never more workers than cores', () => {
    expect(workerSessionShape(2, 2)).toEqual({ workers: 2, intraOpThreads: 1 });
    expect(workerSessionShape(2, 1)).toEqual({ workers: 1, intraOpThreads: 1 });
    expect(workerSessionShape(1, 2)).toEqual({ workers: 1, intraOpThreads: 2 });
    expect(workerSessionShape(2, 16)).toEqual({ workers: 2, intraOpThreads: 2 });
    expect(workerSessionShape(3, 8)).toEqual({ workers: 3, intraOpThreads: 1 });
  });
});
