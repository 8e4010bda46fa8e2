// The encoders as requests use them: one serving encoder (cache → tokenise → queue → model) per loaded encoder.
import { notFound } from '../../../core/shared/domain-errors.js';
import type { Encoder, EncoderProvider } from '../../../core/ports/encoders.js';
import type { BatchingOptions, BatchObserver, BatchQueue } from './batch-queue.js';
import { EmbeddingCache, type CacheObserver, type CacheStats } from './embedding-cache.js';
import type { EncoderModel } from '../encoder-model.js';
import { ServingEncoder } from './encoder-stages.js';
import { IdleUnloader, type EncoderNeeds } from './idle-unload.js';
import type { Tracing } from '../../observability/tracing.js';

/** Where the serving stack reports (the Prometheus metrics); optional. */
export interface ServingObserver extends BatchObserver, CacheObserver {
  watchQueue(queue: BatchQueue): void;
  watchCache(stats: () => CacheStats): void;
}

export interface ServingOptions {
  /** Memory bound of the embedding cache shared by all encoders; 0 turns the cache off. */
  cacheBytes: number;
  batching: Partial<BatchingOptions>;
  observer?: ServingObserver | undefined;
  /** A span per batch run. */
  tracing?: Tracing | undefined;
  /** Release an encoder nothing needs after this many ms unused (0 or absent: never). */
  idleUnloadMs?: number | undefined;
  /** Called after an idle encoder was released. */
  onUnloaded?: ((id: string) => void) | undefined;
}

/** The loaded encoders the serving stack drives: the encoder registry. */
export interface LoadedEncoders extends EncoderNeeds {
  /** Marks encoders as needed (never released when idle; ready() waits for them). */
  need(ids: Iterable<string>): void;
  readonly defaultId: string;
  ids(): string[];
  /** Throws when the encoder is unknown. */
  get(id: string): EncoderModel;
  ready(): boolean;
  fingerprint?(id: string): string | null;
}

export class ServingEncoders implements EncoderProvider {
  readonly defaultId: string;
  readonly cache: EmbeddingCache | undefined;
  private readonly encoders = new Map<string, ServingEncoder>();
  private readonly unloader: IdleUnloader;

  constructor(
    private readonly loaded: LoadedEncoders,
    options: ServingOptions,
  ) {
    this.defaultId = loaded.defaultId;
    this.cache = options.cacheBytes > 0 ? new EmbeddingCache(options.cacheBytes, options.observer) : undefined;
    const cache = this.cache;
    if (cache) options.observer?.watchCache(() => cache.stats());
    for (const id of loaded.ids()) {
      const encoder = new ServingEncoder(loaded.get(id), {
        cache,
        batching: options.batching,
        observer: options.observer,
        tracing: options.tracing,
      });
      options.observer?.watchQueue(encoder.queue);
      this.encoders.set(id, encoder);
    }
    this.unloader = new IdleUnloader(this.encoders, loaded, {
      idleMs: options.idleUnloadMs ?? 0,
      onUnloaded: options.onUnloaded,
    });
  }

  /** A deployed model's encoders: needed from now on (never released when idle) and loaded before this settles. */
  async keep(ids: readonly string[]): Promise<void> {
    const known = ids.filter((id) => this.encoders.has(id));
    this.loaded.need(known);
    await Promise.all(known.flatMap((id) => this.encoders.get(id)?.load() ?? []));
  }

  /** One idle sweep now (tests; the timer sweeps on its own). */
  releaseIdle(): Promise<void> {
    return this.unloader.sweep();
  }

  /** Stops the idle sweeps (at shutdown, before the encoders close). */
  stop(): void {
    this.unloader.stop();
  }

  /** Throws NOT_FOUND when no encoder has this id. */
  get(id: string): Encoder {
    const encoder = this.encoders.get(id);
    if (!encoder) throw notFound(`encoder "${id}"`);
    return encoder;
  }

  ids(): string[] {
    return [...this.encoders.keys()];
  }

  /** The batching queue of an encoder (its depth, for metrics and tests). */
  queue(id: string): BatchQueue | undefined {
    return this.encoders.get(id)?.queue;
  }

  ready(): boolean {
    return this.loaded.ready();
  }

  fingerprint(id: string): string | null {
    return this.loaded.fingerprint?.(id) ?? null;
  }
}
