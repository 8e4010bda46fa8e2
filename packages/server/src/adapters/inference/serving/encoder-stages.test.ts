// The serving stages on the tiny synthetic transformer: one tokenisation per text, cache hits past a full queue, close().
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSyntheticEncoder } from '../../../testing/synthetic-encoder.js';
import { EmbeddingCache } from './embedding-cache.js';
import { TextTokenizer } from '../transformer/hf-tokenizer.js';
import { WorkerOnnxSession } from '../onnx/onnx-thread-session.js';
import { ServingEncoder } from './encoder-stages.js';
import { TransformerEncoder, type TransformerEntry } from '../transformer/transformer-encoder.js';

let root: string;
let model: TransformerEncoder;
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const tickets = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ticket ${i}: the parcel did not arrive`);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-serving-'));
  await writeSyntheticEncoder({ dir: root, size: 'tiny' });
  model = await TransformerEncoder.open(root);
  await model.warmup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await model?.close();
  await rm(root, { recursive: true, force: true });
});

describe('ServingEncoder', () => {
  it('tokenises each text exactly once, also with 5,000 texts of two requests queued a slice at a time', async () => {
    const serving = new ServingEncoder(model, {
      cache: new EmbeddingCache(1 << 24),
      batching: { maxQueueTexts: 10_000 },
    });
    const tokenised = vi.spyOn(TextTokenizer.prototype, 'contentIds');
    const [one, two] = [tickets('first', 2_500), tickets('second', 2_500)];
    const pending = [serving.embed(one), serving.embed(two)];
    const [a, b] = await Promise.all(pending);
    expect(tokenised).toHaveBeenCalledTimes(5_000);
    expect(a).toHaveLength(2_500);
    expect(b).toHaveLength(2_500);
    const direct = await model.embed([one[0] as string, two[2_499] as string]);
    expect(cosine(a?.[0] as Float32Array, direct[0] as Float32Array)).toBeCloseTo(1, 4);
    expect(cosine(b?.[2_499] as Float32Array, direct[1] as Float32Array)).toBeCloseTo(1, 4);
  });

  it('tokenises a text repeated within one request once, and a cached text not at all', async () => {
    const serving = new ServingEncoder(model, { cache: new EmbeddingCache(1 << 20) });
    const tokenize = vi.spyOn(model, 'tokenize');
    const [a, b, c] = await serving.embed(['where is my parcel', 'refund please', 'where is my parcel']);
    expect(tokenize.mock.calls.map(([text]) => text)).toEqual(['where is my parcel', 'refund please']);
    expect(c).toBe(a);
    const [again] = await serving.embed(['refund please']);
    expect(again).toEqual(b); // a copy of the cached row
    expect(tokenize).toHaveBeenCalledTimes(2);
  });

  it('serves cache hits without a queue slot, even while the queue is full', async () => {
    const serving = new ServingEncoder(model, { cache: new EmbeddingCache(1 << 20), batching: { maxQueueTexts: 2 } });
    const [cached] = await serving.embed(['a cached text']);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const run = model.run.bind(model);
    const held = vi.spyOn(model, 'run').mockImplementationOnce(async (entries: readonly TransformerEntry[]) => {
      await gate;
      return run(entries);
    });
    const running = serving.embed(['the running text']);
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    const waiting = serving.embed(['waits in', 'the queue']);
    expect(serving.queue.queueDepth).toBe(2);
    await expect(serving.embed(['no room'])).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const tokenize = vi.spyOn(model, 'tokenize');
    expect(await serving.embed(['a cached text'])).toEqual([cached]);
    expect(tokenize).not.toHaveBeenCalled();
    expect(serving.queue.queueDepth).toBe(2);
    open();
    expect(await running).toHaveLength(1);
    expect(await waiting).toHaveLength(2);
    expect(held).toHaveBeenCalledTimes(2);
  });

  it('close() releases the model session; a later request loads it again', async () => {
    const own = await TransformerEncoder.open(root);
    const serving = new ServingEncoder(own);
    await serving.warmup();
    expect(serving.health()).toBe(true);
    const release = vi.spyOn(WorkerOnnxSession.prototype, 'release');
    await serving.close();
    expect(release).toHaveBeenCalledTimes(1);
    expect(serving.health()).toBe(false);
    expect(await serving.embed(['back again'])).toHaveLength(1);
    await serving.close();
    expect(release).toHaveBeenCalledTimes(2);
  });
});
