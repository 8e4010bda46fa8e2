// The cache stage of one request: hits served in place, each distinct missing text embedded once, then cached.
import { EmbeddingCache } from './embedding-cache.js';

interface Miss {
  key: string;
  position: number;
  /** Later positions of the same text in this request (a repeat counts as a hit). */
  repeats: number[] | undefined;
}

/**
 * Looks every text up on construction and reports the hits and misses. Inference is idempotent, so a cached vector
 * is the vector. Each hit is a copy of the cached row; a text repeated within the request shares one vector.
 */
export class CacheLookup {
  /** Every text's vector; the missing ones are filled by fill(). */
  readonly results: Float32Array[];
  /** The distinct texts the cache lacks, in first-seen order. */
  readonly missing: string[] = [];
  private readonly misses: Miss[] = [];

  constructor(
    private readonly cache: EmbeddingCache,
    private readonly encoderId: string,
    texts: readonly string[],
  ) {
    this.results = new Array<Float32Array>(texts.length);
    const seen = new Map<string, Miss>();
    const hitPositions: number[] = [];
    const hitHandles: number[] = [];
    for (let position = 0; position < texts.length; position++) {
      const text = texts[position] as string;
      const key = EmbeddingCache.key(encoderId, text);
      const handle = cache.touch(key);
      if (handle >= 0) {
        hitPositions.push(position);
        hitHandles.push(handle);
        continue;
      }
      const miss = seen.get(key);
      if (miss) {
        (miss.repeats ??= []).push(position);
        continue;
      }
      const first: Miss = { key, position, repeats: undefined };
      seen.set(key, first);
      this.misses.push(first);
      this.missing.push(text);
    }
    if (hitHandles.length > 0) {
      const vectors = cache.copies(hitHandles);
      hitPositions.forEach((position, i) => (this.results[position] = vectors[i] as Float32Array));
    }
    cache.count(encoderId, texts.length - this.missing.length, this.missing.length);
  }

  /** Caches the vectors of the missing texts (in their order) and returns every text's vector. */
  fill(vectors: readonly Float32Array[]): Float32Array[] {
    this.misses.forEach((miss, i) => {
      const vector = vectors[i];
      if (!vector) throw new Error(`encoder ${this.encoderId} returned fewer vectors than texts`);
      this.cache.set(miss.key, vector);
      this.results[miss.position] = vector;
      if (miss.repeats) for (const position of miss.repeats) this.results[position] = vector;
    });
    return this.results;
  }
}
