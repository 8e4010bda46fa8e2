// The encoders as requests use them: each loaded encoder behind the embedding cache, then its batching queue.
import type { Encoder, EncoderProvider } from '../../core/ports/encoders.js';
import { BatchingEncoder, type BatchingOptions, type BatchObserver } from './batching-encoder.js';
import { CachingEncoder, EmbeddingCache, type CacheObserver, type CacheStats } from './embedding-cache.js';

/** Where the serving stack reports (the Prometheus metrics); optional. */
export interface ServingObserver extends BatchObserver, CacheObserver {
  watchQueue(queue: BatchingEncoder): void;
  watchCache(stats: () => CacheStats): void;
}

export interface ServingOptions {
  /** Memory bound of the embedding cache shared by all encoders; 0 turns the cache off. */
  cacheBytes: number;
  batching: Partial<BatchingOptions>;
  observer?: ServingObserver | undefined;
}

/** A provider the serving stack can wrap: the encoder registry. */
export interface LoadedEncoders extends EncoderProvider {
  ids(): string[];
}

/**
 * Order: cache in front of the queue. A hit returns at once without taking a queue slot or waiting
 * for a batch, so repeated texts never count against the bound; only misses are batched.
 */
export class ServingEncoders implements EncoderProvider {
  readonly defaultId: string;
  readonly cache: EmbeddingCache | undefined;
  private readonly wrapped = new Map<string, Encoder>();
  private readonly queues = new Map<string, BatchingEncoder>();

  constructor(private readonly loaded: LoadedEncoders, options: ServingOptions) {
    this.defaultId = loaded.defaultId;
    this.cache = options.cacheBytes > 0 ? new EmbeddingCache(options.cacheBytes, options.observer) : undefined;
    const cache = this.cache;
    if (cache) options.observer?.watchCache(() => cache.stats());
    for (const id of loaded.ids()) {
      const queue = new BatchingEncoder(loaded.get(id), options.batching, options.observer);
      options.observer?.watchQueue(queue);
      this.queues.set(id, queue);
      this.wrapped.set(id, cache ? new CachingEncoder(queue, cache) : queue);
    }
  }

  /** Throws NOT_FOUND (from the registry) when no encoder has this id. */
  get(id: string): Encoder {
    return this.wrapped.get(id) ?? this.loaded.get(id);
  }

  /** The batching queue of an encoder (its depth, for metrics and tests). */
  queue(id: string): BatchingEncoder | undefined {
    return this.queues.get(id);
  }

  ready(): boolean {
    return this.loaded.ready();
  }

  fingerprint(id: string): string | null {
    return this.loaded.fingerprint?.(id) ?? null;
  }
}
