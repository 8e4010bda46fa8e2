// LRU cache of embeddings keyed by (encoder id, SHA-1 of the text) under a memory bound, shared by all encoders.
import { createHash } from 'node:crypto';

/** Bytes an entry costs besides its vector: key string, Map slot, typed-array header (measured order of magnitude). */
const ENTRY_OVERHEAD_BYTES = 160;

export interface CacheObserver {
  lookups(encoderId: string, hits: number, misses: number): void;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

export class EmbeddingCache {
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, Float32Array>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    readonly maxBytes: number,
    private readonly observer?: CacheObserver,
  ) {}

  static key(encoderId: string, text: string): string {
    return `${encoderId}\u0000${createHash('sha1').update(text).digest('base64')}`;
  }

  get(key: string): Float32Array | undefined {
    const vector = this.entries.get(key);
    if (vector) {
      this.entries.delete(key);
      this.entries.set(key, vector);
    }
    return vector;
  }

  set(key: string, vector: Float32Array): void {
    const cost = vector.byteLength + ENTRY_OVERHEAD_BYTES;
    if (cost > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.byteLength + ENTRY_OVERHEAD_BYTES;
    }
    this.entries.set(key, vector);
    this.bytes += cost;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.byteLength + ENTRY_OVERHEAD_BYTES;
    }
  }

  count(encoderId: string, hits: number, misses: number): void {
    this.hits += hits;
    this.misses += misses;
    this.observer?.lookups(encoderId, hits, misses);
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }
}
