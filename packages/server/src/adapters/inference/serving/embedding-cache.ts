// LRU cache of embeddings keyed by SHA-1 of (encoder id, text) under a memory bound, shared by all encoders; the vectors
// live in shared chunks (row-chunks.ts), so an entry costs its floats and its key, not a typed array apiece.
import { createHash } from 'node:crypto';
import { DEFAULT_CHUNK_BYTES, RowChunks } from './row-chunks.js';

/**
 * Bytes an entry costs besides its floats: the 28-character key string and its slot in the Map (measured: a bare
 * process holding 50,000 entries, heap used per entry, rounded up).
 */
export const ENTRY_KEY_BYTES = 112;

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
  /** Key → row handle. Map iteration order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, number>();
  private readonly rows: RowChunks;
  private hits = 0;
  private misses = 0;

  /** `maxBytes` bounds the chunks and keys together; `chunkBytes` is for tests (small chunks, small bounds). */
  constructor(
    readonly maxBytes: number,
    private readonly observer?: CacheObserver,
    chunkBytes = DEFAULT_CHUNK_BYTES,
  ) {
    this.rows = new RowChunks(chunkBytes);
  }

  /** One flat string per (encoder, text): the encoder id never holds NUL, so the pair is read back unambiguously. */
  static key(encoderId: string, text: string): string {
    return createHash('sha1').update(encoderId).update('\u0000').update(text).digest('base64');
  }

  /** A copy of the cached vector (callers may keep or change it), undefined when absent. */
  get(key: string): Float32Array | undefined {
    const handle = this.touch(key);
    return handle < 0 ? undefined : this.copies([handle])[0];
  }

  /** The entry's handle, now the most recently used; -1 when absent. Read it with copies() before the next set(). */
  touch(key: string): number {
    const handle = this.entries.get(key);
    if (handle === undefined) return -1;
    this.entries.delete(key);
    this.entries.set(key, handle);
    return handle;
  }

  /** Copies of these entries' vectors, all in one new buffer (one allocation for a request's hits). */
  copies(handles: readonly number[]): Float32Array[] {
    return this.rows.readMany(handles);
  }

  set(key: string, vector: Float32Array): void {
    const width = vector.length;
    if (width === 0 || ENTRY_KEY_BYTES + this.rows.bytesOfChunk(width) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.rows.release(old);
    }
    let handle = this.rows.take(width);
    while (handle < 0) {
      if (this.bytes() + ENTRY_KEY_BYTES + this.rows.bytesOfChunk(width) <= this.maxBytes) this.rows.grow(width);
      else this.evictOldest();
      handle = this.rows.take(width);
    }
    this.rows.write(handle, vector);
    this.entries.set(key, handle);
    // The new key may tip the bound when the rows were already at it: the oldest others make room.
    while (this.bytes() > this.maxBytes && this.entries.size > 1) this.evictOldest();
  }

  count(encoderId: string, hits: number, misses: number): void {
    this.hits += hits;
    this.misses += misses;
    this.observer?.lookups(encoderId, hits, misses);
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes(),
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }

  private bytes(): number {
    return this.rows.bytes + this.entries.size * ENTRY_KEY_BYTES;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (oldest.done) throw new Error('embedding cache: nothing left to evict');
    const handle = this.entries.get(oldest.value) as number;
    this.entries.delete(oldest.value);
    this.rows.release(handle);
  }
}
