// LRU cache of embeddings keyed by (encoder id, SHA-1 of the text) under a memory bound, and its Encoder decorator.
import { createHash } from 'node:crypto';
import type { Encoder } from '../../core/ports/encoders.js';

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

  constructor(readonly maxBytes: number, private readonly observer?: CacheObserver) {}

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
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }
}

/**
 * Serves repeated texts from the cache and embeds only the misses, each distinct text once per call (a repeat within
 * one call counts as a hit).
 * Inference is idempotent, so a cached vector is the vector. Vectors are shared: callers must not mutate them.
 */
export class CachingEncoder implements Encoder {
  readonly id: string;
  readonly dimension: number;

  constructor(private readonly inner: Encoder, private readonly cache: EmbeddingCache) {
    this.id = inner.id;
    this.dimension = inner.dimension;
  }

  warmup(): Promise<void> {
    return this.inner.warmup();
  }

  health(): boolean {
    return this.inner.health();
  }

  countTokens(text: string): number {
    return this.inner.countTokens ? this.inner.countTokens(text) : Math.max(1, Math.ceil(text.length / 4));
  }

  async close(): Promise<void> {
    await (this.inner as Encoder & { close?: () => Promise<void> }).close?.();
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const results = new Array<Float32Array>(texts.length);
    const missing = new Map<string, { text: string; positions: number[] }>();
    texts.forEach((text, i) => {
      const key = EmbeddingCache.key(this.id, text);
      const cached = this.cache.get(key);
      if (cached) {
        results[i] = cached;
        return;
      }
      const miss = missing.get(key);
      if (miss) miss.positions.push(i);
      else missing.set(key, { text, positions: [i] });
    });
    this.cache.count(this.id, texts.length - missing.size, missing.size);
    if (missing.size === 0) return results;
    const misses = [...missing.entries()];
    const vectors = await this.inner.embed(misses.map(([, m]) => m.text));
    misses.forEach(([key, miss], i) => {
      const vector = vectors[i];
      if (!vector) throw new Error(`encoder ${this.id} returned fewer vectors than texts`);
      this.cache.set(key, vector);
      for (const position of miss.positions) results[position] = vector;
    });
    return results;
  }
}
