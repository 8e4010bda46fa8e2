// One loaded encoder as requests use it, in stages: cache lookup → tokenise the misses → bounded queue → model run.
import type { Encoder } from '../../core/ports/encoders.js';
import { BatchQueue, type BatchingOptions, type BatchObserver } from './batch-queue.js';
import { CacheLookup } from './cache-lookup.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EncoderModel, TokenizedText } from './encoder-model.js';
import type { Tracing } from '../observability/tracing.js';

export interface ServingEncoderOptions {
  /** The embedding cache (shared by all encoders); none: every text goes to the queue, repeats included. */
  cache?: EmbeddingCache | undefined;
  batching?: Partial<BatchingOptions> | undefined;
  observer?: BatchObserver | undefined;
  /** A span per batch run. */
  tracing?: Tracing | undefined;
}

/**
 * Cache in front of the queue: a hit returns at once without taking a queue slot or waiting for a batch, so repeated
 * texts never count against the bound. Each miss is tokenised once, here on the request path, and the queue carries
 * the tokenised entry to model.run() (session → pooling → normalise).
 */
export class ServingEncoder<E extends TokenizedText = TokenizedText> implements Encoder {
  readonly id: string;
  readonly dimension: number;
  readonly prefixDimensions: readonly number[];
  readonly queue: BatchQueue<E>;
  private readonly cache: EmbeddingCache | undefined;
  private loading: Promise<void> | undefined;
  /** Requests between embed() and their answer; the idle unloader never releases a model while one is running. */
  private inFlight = 0;
  private lastUsed = performance.now();

  constructor(
    private readonly model: EncoderModel<E>,
    options: ServingEncoderOptions = {},
  ) {
    this.id = model.id;
    this.dimension = model.dimension;
    this.prefixDimensions = model.prefixDimensions ?? [model.dimension];
    this.cache = options.cache;
    this.queue = new BatchQueue(model, options.batching, options.observer, options.tracing);
  }

  warmup(): Promise<void> {
    return this.model.warmup();
  }

  health(): boolean {
    return this.model.health();
  }

  /** Releases the model's session. */
  close(): Promise<void> {
    return this.model.close();
  }

  /**
   * Loads the model unless it is warm (an encoder no deployed model or setting needed at start, or one released when
   * idle): the request waits. A release still finishing meanwhile frees the old session; this loads a new one.
   */
  load(): Promise<void> {
    if (this.model.health()) return Promise.resolve();
    this.loading ??= this.model.warmup().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Milliseconds since the last request finished; undefined while one is running or the model is not loaded. */
  idleFor(now: number): number | undefined {
    return this.inFlight > 0 || this.loading || !this.model.health() ? undefined : now - this.lastUsed;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    this.inFlight++;
    try {
      // A warm encoder queues synchronously (no extra tick), as before.
      if (!this.model.health()) await this.load();
      if (!this.cache) return await this.enqueue(texts);
      const lookup = new CacheLookup(this.cache, this.id, texts);
      if (lookup.missing.length === 0) return lookup.results;
      return lookup.fill(await this.enqueue(lookup.missing));
    } finally {
      this.inFlight--;
      this.lastUsed = performance.now();
    }
  }

  /** Tokenises each text (again: the cache keeps vectors, not tokens) and reports what a batch row of it costs. */
  countTokens(texts: readonly string[]): number[] {
    return texts.map((text) => this.model.tokenize(text).tokens);
  }

  /** Refuses before tokenising when the queue is full, so a refusal costs no tokenisation. */
  private enqueue(texts: readonly string[]): Promise<Float32Array[]> {
    const refused = this.queue.refusal(texts.length);
    if (refused) return Promise.reject(refused);
    const entries = new Array<E>(texts.length);
    for (let i = 0; i < texts.length; i++) entries[i] = this.model.tokenize(texts[i] as string);
    return this.queue.enqueue(texts, entries);
  }
}
