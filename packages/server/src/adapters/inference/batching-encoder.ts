// Dynamic batching: an Encoder decorator whose one queue merges texts of concurrent requests into bounded batches.
import { DomainError } from '../../core/shared/errors.js';
import type { Encoder } from '../../core/ports/encoders.js';

export interface BatchingOptions {
  /** Most texts in one embed() call of the wrapped encoder. */
  maxBatchTexts: number;
  /** Most padded tokens (texts × longest text) in one call; a single longer text still runs alone. */
  maxBatchTokens: number;
  /** How long an idle queue waits for more work before it runs a batch that is not full. */
  maxWaitMs: number;
  /** Most texts waiting (not yet running); a request that would exceed it is refused with 503. */
  maxQueueTexts: number;
  /** Retry-After of the refusal. */
  retryAfterSeconds: number;
}

export const DEFAULT_BATCHING: BatchingOptions = {
  maxBatchTexts: 64,
  maxBatchTokens: 16_384,
  maxWaitMs: 0,
  maxQueueTexts: 2_048,
  retryAfterSeconds: 1,
};

/** What a batching queue reports (metrics). */
export interface BatchObserver {
  batch(encoderId: string, texts: number, tokens: number, seconds: number): void;
}

interface Job {
  results: Float32Array[];
  remaining: number;
  settled: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

interface Item {
  job: Job;
  index: number;
  text: string;
  tokens: number;
}

/** Characters / 4 (rounded up, at least 1) when the encoder cannot count its tokens. */
export function estimateTokens(encoder: Encoder, text: string): number {
  return Math.max(1, encoder.countTokens ? encoder.countTokens(text) : Math.ceil(text.length / 4));
}

export class BatchingEncoder implements Encoder {
  readonly id: string;
  readonly dimension: number;
  private readonly options: BatchingOptions;
  private readonly queue: Item[] = [];
  private running = false;
  /** Cancels the scheduled run of a batch that is not full, if one is scheduled. */
  private cancelScheduled: (() => void) | undefined;

  constructor(
    private readonly inner: Encoder,
    options: Partial<BatchingOptions> = {},
    private readonly observer?: BatchObserver,
  ) {
    this.id = inner.id;
    this.dimension = inner.dimension;
    this.options = { ...DEFAULT_BATCHING, ...options };
  }

  /** Texts waiting for a batch. */
  get queueDepth(): number {
    return this.queue.length;
  }

  warmup(): Promise<void> {
    return this.inner.warmup();
  }

  health(): boolean {
    return this.inner.health();
  }

  countTokens(text: string): number {
    return estimateTokens(this.inner, text);
  }

  async close(): Promise<void> {
    await (this.inner as Encoder & { close?: () => Promise<void> }).close?.();
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    const waiting = this.queue.length;
    if (waiting > 0 && waiting + texts.length > this.options.maxQueueTexts) {
      return Promise.reject(
        new DomainError('UNAVAILABLE', `the inference queue of encoder "${this.id}" is full; retry shortly`, {
          retryAfterSeconds: this.options.retryAfterSeconds,
        }),
      );
    }
    return new Promise<Float32Array[]>((resolve, reject) => {
      const job: Job = { results: new Array<Float32Array>(texts.length), remaining: texts.length, settled: false, resolve, reject };
      texts.forEach((text, index) => this.queue.push({ job, index, text, tokens: estimateTokens(this.inner, text) }));
      this.schedule();
    });
  }

  /** Runs now when a full batch waits, else after maxWaitMs (0: this event-loop turn); nothing while a batch runs (its end runs the next). */
  private schedule(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.queue.length >= this.options.maxBatchTexts) {
      this.runNext();
      return;
    }
    if (this.cancelScheduled) return;
    // Wait 0: run as soon as this turn of the event loop has taken in the requests that arrived with it;
    // work that arrives while a batch runs is merged into the next one anyway.
    if (this.options.maxWaitMs > 0) {
      const timer = setTimeout(() => this.runNext(), this.options.maxWaitMs);
      this.cancelScheduled = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.runNext());
      this.cancelScheduled = () => clearImmediate(immediate);
    }
  }

  /** Takes queued texts in arrival order up to the limits. */
  private takeBatch(): Item[] {
    const batch: Item[] = [];
    let longest = 0;
    while (this.queue.length > 0 && batch.length < this.options.maxBatchTexts) {
      const next = this.queue[0]!;
      if (next.job.settled) {
        this.queue.shift();
        continue;
      }
      const cells = (batch.length + 1) * Math.max(longest, next.tokens);
      if (batch.length > 0 && cells > this.options.maxBatchTokens) break;
      batch.push(this.queue.shift()!);
      longest = Math.max(longest, next.tokens);
    }
    return batch;
  }

  private runNext(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    if (this.running) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    this.running = true;
    batch.sort((a, b) => a.tokens - b.tokens || a.text.length - b.text.length);
    const started = performance.now();
    const tokens = batch.length * (batch[batch.length - 1]?.tokens ?? 0);
    const done = () => {
      this.running = false;
      if (this.queue.length > 0) this.runNext();
    };
    this.inner.embed(batch.map((item) => item.text)).then(
      (vectors) => {
        this.observer?.batch(this.id, batch.length, tokens, (performance.now() - started) / 1000);
        batch.forEach((item, i) => deliver(item, vectors[i]));
        done();
      },
      (error: unknown) => {
        for (const item of batch) fail(item.job, error);
        done();
      },
    );
  }
}

function deliver(item: Item, vector: Float32Array | undefined): void {
  const { job } = item;
  if (job.settled) return;
  if (!vector) {
    fail(job, new Error('the encoder returned fewer vectors than texts'));
    return;
  }
  job.results[item.index] = vector;
  job.remaining -= 1;
  if (job.remaining === 0) {
    job.settled = true;
    job.resolve(job.results);
  }
}

function fail(job: Job, error: unknown): void {
  if (job.settled) return;
  job.settled = true;
  job.reject(error);
}
