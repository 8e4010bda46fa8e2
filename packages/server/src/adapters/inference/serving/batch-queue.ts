// The bounded queue of one encoder: tokenised texts of concurrent requests, merged into batches the model runs, taking turns between workspaces.
import { DomainError } from '../../../core/shared/domain-errors.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { QueueLanes } from './queue-lanes.js';
import { NO_TRACING, type TraceContext, type Tracing } from '../../observability/tracing.js';

export interface BatchingOptions {
  /** Most texts in one run() of the model. */
  maxBatchTexts: number;
  /**
   * Most tokens the model reads in one run: the sum of the texts' work (every window of a long text counts), which
   * bounds how long one batch runs and so how long another workspace's text waits behind it. A single text over it
   * still runs, alone.
   */
  maxBatchTokens: number;
  /** How long an idle queue waits for more work before it runs a batch that is not full. */
  maxWaitMs: number;
  /** Most texts waiting (not yet running); a request that would exceed it is refused with 503. */
  maxQueueTexts: number;
  /** Retry-After of the refusal. */
  retryAfterSeconds: number;
  /**
   * Batches handed to the model at once. 2: the next batch waits at the model (a worker thread) while one runs, so
   * the model starts it the moment the running one ends instead of idling until this event loop has taken the
   * results and handed it the next (under load that loop is busy: HTTP, the database). 1: one at a time.
   */
  maxBatchesInFlight: number;
}

export const DEFAULT_BATCHING: BatchingOptions = {
  maxBatchTexts: 64,
  maxBatchTokens: 4_096,
  maxWaitMs: 0,
  maxQueueTexts: 2_048,
  retryAfterSeconds: 1,
  maxBatchesInFlight: 2,
};

/** What a batching queue reports (metrics). */
export interface BatchObserver {
  batch(encoderId: string, texts: number, tokens: number, seconds: number): void;
}

interface Job {
  /** The trace context of the request that queued the texts (parent or link of the batch span). */
  trace: TraceContext | undefined;
  results: Float32Array[];
  remaining: number;
  settled: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

interface Item<E> {
  job: Job;
  index: number;
  /** Only breaks ties of equal token counts when a batch is sorted. */
  text: string;
  entry: E;
}

export class BatchQueue<E extends TokenizedText = TokenizedText> {
  readonly id: string;
  private readonly options: BatchingOptions;
  /** Waiting texts, one lane per workspace (requests without one share a lane). */
  private readonly lanes = new QueueLanes<Item<E>>();
  /** Batches handed to the model and not yet back. */
  private inFlight = 0;
  /** Cancels the scheduled run of a batch that is not full, if one is scheduled. */
  private cancelScheduled: (() => void) | undefined;

  constructor(
    private readonly model: EncoderModel<E>,
    options: Partial<BatchingOptions> = {},
    private readonly observer?: BatchObserver,
    private readonly tracing: Tracing = NO_TRACING,
  ) {
    this.id = model.id;
    this.options = { ...DEFAULT_BATCHING, ...options };
  }

  /** Texts waiting for a batch. */
  get queueDepth(): number {
    return this.lanes.size;
  }

  /**
   * The 503 UNAVAILABLE that `count` more texts meet when they would overfill a queue that holds work; undefined when
   * they fit. One request larger than the bound is admitted when nothing waits.
   */
  refusal(count: number): DomainError | undefined {
    const waiting = this.lanes.size;
    if (waiting === 0 || waiting + count <= this.options.maxQueueTexts) return undefined;
    return new DomainError('UNAVAILABLE', `the inference queue of encoder "${this.id}" is full; retry shortly`, {
      retryAfterSeconds: this.options.retryAfterSeconds,
    });
  }

  /**
   * Queues one request's tokenised texts (entries[i] of texts[i]) in the lane of `lane` (the workspace asking; lanes take
   * turns); resolves with their vectors in order.
   */
  enqueue(texts: readonly string[], entries: readonly E[], lane = ''): Promise<Float32Array[]> {
    if (entries.length === 0) return Promise.resolve([]);
    const refused = this.refusal(entries.length);
    if (refused) return Promise.reject(refused);
    return this.admit(texts, entries, lane);
  }

  /** enqueue() without the bound: for the later slices of a request that refusal() has admitted whole. */
  admit(texts: readonly string[], entries: readonly E[], lane = ''): Promise<Float32Array[]> {
    if (entries.length === 0) return Promise.resolve([]);
    return new Promise<Float32Array[]>((resolve, reject) => {
      const job: Job = {
        trace: this.tracing.current(),
        results: new Array<Float32Array>(entries.length),
        remaining: entries.length,
        settled: false,
        resolve,
        reject,
      };
      const items = new Array<Item<E>>(entries.length);
      for (let index = 0; index < entries.length; index++) {
        items[index] = { job, index, text: texts[index] as string, entry: entries[index] as E };
      }
      this.lanes.push(lane, items);
      this.schedule();
    });
  }

  /**
   * Runs now when a full batch waits, else after maxWaitMs (0: this event-loop turn); nothing while maxBatchesInFlight
   * batches run (the end of one runs the next).
   */
  private schedule(): void {
    if (this.inFlight >= this.options.maxBatchesInFlight || this.lanes.size === 0) return;
    if (this.lanes.size >= this.options.maxBatchTexts) {
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

  /** Takes queued texts in turns across the lanes, up to the limits; texts of settled requests are dropped. */
  private takeBatch(): Array<Item<E>> {
    return this.lanes.take(
      this.options.maxBatchTexts,
      this.options.maxBatchTokens,
      (item) => item.entry.work ?? item.entry.tokens,
      (item) => item.job.settled,
    );
  }

  private runNext(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    if (this.inFlight >= this.options.maxBatchesInFlight) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    this.inFlight += 1;
    batch.sort((a, b) => a.entry.tokens - b.entry.tokens || a.text.length - b.text.length);
    const started = performance.now();
    const tokens = batch.length * (batch[batch.length - 1]?.entry.tokens ?? 0);
    const span = this.startSpan(batch, tokens);
    const done = () => {
      span.end();
      this.inFlight -= 1;
      if (this.lanes.size > 0) this.runNext();
    };
    span
      .run(() => this.runModel(batch.map((item) => item.entry)))
      .then(
        (vectors) => {
          this.observer?.batch(this.id, batch.length, tokens, (performance.now() - started) / 1000);
          batch.forEach((item, i) => deliver(item, vectors[i]));
          done();
        },
        (error: unknown) => {
          span.fail(error);
          const requests = byRequest(batch);
          if (requests.length === 1) {
            for (const item of batch) fail(item.job, error);
            done();
            return;
          }
          // One request's text can fail a run that other requests share (an input the model rejects): each request's
          // texts run again on their own, so only the request that holds it fails.
          void this.runEachAlone(requests).finally(done);
        },
      );
  }

  /** Runs each request's texts of a failed batch as a run of its own, one after another; delivers or fails each. */
  private async runEachAlone(requests: ReadonlyArray<Array<Item<E>>>): Promise<void> {
    for (const items of requests) {
      try {
        const vectors = await this.runModel(items.map((item) => item.entry));
        items.forEach((item, i) => deliver(item, vectors[i]));
      } catch (error) {
        fail((items[0] as Item<E>).job, error);
      }
    }
  }

  /**
   * One span per model run, timed here on the main thread from hand-off to vectors (a worker thread's ONNX run
   * included). Its parent is the first request in the batch; the other requests are links.
   */
  private startSpan(batch: ReadonlyArray<Item<E>>, tokens: number) {
    if (!this.tracing.enabled) return this.tracing.start('encoder batch');
    const contexts = [...new Set(batch.map((item) => item.job.trace))].filter((c) => c !== undefined);
    return this.tracing.start('encoder batch', {
      parent: contexts[0] ?? null,
      links: contexts.slice(1),
      attributes: {
        'textclass.encoder.id': this.id,
        'textclass.batch.texts': batch.length,
        'textclass.batch.padded_tokens': tokens,
        'textclass.batch.requests': new Set(batch.map((item) => item.job)).size,
        'textclass.batch.queued_texts': this.lanes.size,
      },
    });
  }

  /** model.run(), with a synchronous throw turned into a failed batch. */
  private runModel(entries: E[]): Promise<Float32Array[]> {
    try {
      return this.model.run(entries);
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/** A batch's items grouped by the request that queued them, in batch order. */
function byRequest<E>(batch: ReadonlyArray<Item<E>>): Array<Array<Item<E>>> {
  const groups = new Map<Job, Array<Item<E>>>();
  for (const item of batch) {
    const group = groups.get(item.job);
    if (group) group.push(item);
    else groups.set(item.job, [item]);
  }
  return [...groups.values()];
}

function deliver<E>(item: Item<E>, vector: Float32Array | undefined): void {
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
