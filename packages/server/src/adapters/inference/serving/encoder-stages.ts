// One loaded encoder as requests use it, in stages: cache lookup → tokenise the misses → bounded queue → model run.
import type { EmbedOptions, Encoder } from '../../../core/ports/encoders.js';
import { BatchQueue, type BatchingOptions, type BatchObserver } from './batch-queue.js';
import { CacheLookup } from './cache-lookup.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { nextTurn, textSlices } from './text-slices.js';
import type { Tracing } from '../../observability/tracing.js';

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

  /** options.workspaceId: the queue lane of the texts (workspaces take turns); none: the lane of work of no workspace. */
  async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const lane = options?.workspaceId === undefined ? '' : String(options.workspaceId);
    this.inFlight++;
    try {
      // A warm encoder queues synchronously (no extra tick), as before.
      if (!this.model.health()) await this.load();
      if (!this.cache) return await this.enqueue(texts, lane);
      const lookup = new CacheLookup(this.cache, this.id, texts);
      if (lookup.missing.length === 0) return lookup.results;
      return lookup.fill(await this.enqueue(lookup.missing, lane));
    } finally {
      this.inFlight--;
      this.lastUsed = performance.now();
    }
  }

  /**
   * Tokenises each text (again: the cache keeps vectors, not tokens) and reports what a batch row of it costs; a slice of
   * the texts at a time, giving the event loop a turn between slices.
   */
  async countTokens(texts: readonly string[]): Promise<number[]> {
    const counts = new Array<number>(texts.length);
    for (const [index, [from, to]] of textSlices(texts).entries()) {
      if (index > 0) await nextTurn();
      for (let i = from; i < to; i++) counts[i] = this.model.tokenize(texts[i] as string).tokens;
    }
    return counts;
  }

  /**
   * Refuses before tokenising when the queue is full, so a refusal costs no tokenisation. The texts are tokenised and
   * queued a slice at a time (textSlices): the first slice at once, each further one on a later turn of the event loop,
   * so a large request never holds the loop for its whole tokenisation, and its first batch can start meanwhile.
   */
  private enqueue(texts: readonly string[], lane: string): Promise<Float32Array[]> {
    const refused = this.queue.refusal(texts.length);
    if (refused) return Promise.reject(refused);
    const slices = textSlices(texts);
    if (slices.length === 1) return this.admit(texts, 0, texts.length, lane);
    return (async () => {
      const queued: Array<Promise<Float32Array[]>> = [];
      for (const [index, [from, to]] of slices.entries()) {
        if (index > 0) await nextTurn();
        const slice = this.admit(texts, from, to, lane);
        // Handled by Promise.all below; this keeps a slice that fails early from counting as unhandled meanwhile.
        slice.catch(() => undefined);
        queued.push(slice);
      }
      return (await Promise.all(queued)).flat();
    })();
  }

  /** Tokenises texts[from, to) and queues them, whatever the queue holds (enqueue() has checked the bound). */
  private admit(texts: readonly string[], from: number, to: number, lane: string): Promise<Float32Array[]> {
    const entries = new Array<E>(to - from);
    for (let i = from; i < to; i++) entries[i - from] = this.model.tokenize(texts[i] as string);
    return this.queue.admit(texts.slice(from, to), entries, lane);
  }
}
