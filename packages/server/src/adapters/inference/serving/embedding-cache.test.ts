// Embedding cache in front of a serving encoder: hits skip the model, LRU eviction under the byte bound, per-encoder keys, counters.
import { describe, expect, it } from 'vitest';
import { EmbeddingCache, ENTRY_KEY_BYTES } from './embedding-cache.js';
import { ServingEncoder } from './encoder-stages.js';
import { GatedEncoder, vectorOf } from '../testing/gated-encoder.js';

/** The gated encoder's vectors have 3 floats; these tests' chunks hold two of them. */
const CHUNK_BYTES = 2 * 3 * 4;

function caching(maxBytes = 1 << 20, id = 'gated') {
  const inner = new GatedEncoder(id);
  inner.open = true;
  const cache = new EmbeddingCache(maxBytes, undefined, CHUNK_BYTES);
  return { inner, cache, encoder: new ServingEncoder(inner, { cache }) };
}

describe('the embedding cache of a serving encoder', () => {
  it('embeds only what it has not seen, once per distinct text, in order', async () => {
    const { inner, cache, encoder } = caching();
    expect(await encoder.embed(['a', 'bb', 'a'])).toEqual([vectorOf('a'), vectorOf('bb'), vectorOf('a')]);
    expect(await encoder.embed(['bb', 'ccc', 'a'])).toEqual([vectorOf('bb'), vectorOf('ccc'), vectorOf('a')]);
    expect(inner.calls).toEqual([['a', 'bb'], ['ccc']]);
    expect(cache.stats()).toMatchObject({
      entries: 3,
      hits: 3,
      misses: 3,
      bytes: 2 * CHUNK_BYTES + 3 * ENTRY_KEY_BYTES,
    });
  });

  it('skips the encoder entirely when every text is cached', async () => {
    const { inner, encoder } = caching();
    await encoder.embed(['x', 'y']);
    await encoder.embed(['y', 'x']);
    expect(inner.calls).toHaveLength(1);
  });

  it('evicts the least recently used entry to stay under the byte bound', async () => {
    const { inner, cache, encoder } = caching(CHUNK_BYTES + 2 * ENTRY_KEY_BYTES);
    await encoder.embed(['a', 'b']);
    await encoder.embed(['a']);
    await encoder.embed(['c']);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: CHUNK_BYTES + 2 * ENTRY_KEY_BYTES });
    await encoder.embed(['a', 'b']);
    expect(inner.calls.at(-1)).toEqual(['b']);
  });

  it('keeps encoders apart in one shared cache', async () => {
    const cache = new EmbeddingCache(1 << 20);
    const one = new GatedEncoder('one');
    const two = new GatedEncoder('two');
    one.open = two.open = true;
    await new ServingEncoder(one, { cache }).embed(['same text']);
    await new ServingEncoder(two, { cache }).embed(['same text']);
    expect(two.calls).toEqual([['same text']]);
    expect(EmbeddingCache.key('one', 't')).not.toBe(EmbeddingCache.key('two', 't'));
  });

  it('reports lookups to its observer and caches nothing larger than the bound', async () => {
    const seen: number[][] = [];
    const cache = new EmbeddingCache(10, { lookups: (_id, hits, misses) => seen.push([hits, misses]) });
    const inner = new GatedEncoder();
    inner.open = true;
    const encoder = new ServingEncoder(inner, { cache });
    await encoder.embed(['a']);
    await encoder.embed(['a']);
    expect(seen).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(cache.stats().entries).toBe(0);
  });
});

describe('the embedding cache on its own', () => {
  const vector = (width: number, seed: number) => Float32Array.from({ length: width }, (_, i) => seed + i / 1000);

  it('hands out copies: what a caller changes or keeps is never the cached row', () => {
    const cache = new EmbeddingCache(CHUNK_BYTES + 2 * ENTRY_KEY_BYTES, undefined, CHUNK_BYTES);
    cache.set('a', vector(3, 1));
    const first = cache.get('a') as Float32Array;
    first.fill(0);
    expect(cache.get('a')).toEqual(vector(3, 1));
    const kept = cache.get('a') as Float32Array;
    cache.set('b', vector(3, 2));
    cache.set('c', vector(3, 3)); // evicts a; its row now holds c
    expect(cache.get('a')).toBeUndefined();
    expect(kept).toEqual(vector(3, 1));
  });

  it('stays under its bound when the widths change, and gives back the chunks of a width no longer used', () => {
    const max = 4 * 6 * 4 + 8 * ENTRY_KEY_BYTES;
    const cache = new EmbeddingCache(max, undefined, 2 * 6 * 4);
    for (let i = 0; i < 20; i++) {
      cache.set(`wide ${i}`, vector(6, i));
      expect(cache.stats().bytes).toBeLessThanOrEqual(max);
    }
    for (let i = 0; i < 40; i++) {
      cache.set(`narrow ${i}`, vector(2, i));
      expect(cache.stats().bytes).toBeLessThanOrEqual(max);
    }
    const { entries, bytes } = cache.stats();
    expect(Array.from({ length: 20 }, (_, i) => cache.get(`wide ${i}`)).filter(Boolean)).toEqual([]);
    // only 2-float chunks (6 rows of 24 bytes each) and keys remain
    expect(bytes).toBe(Math.ceil(entries / 6) * 6 * 2 * 4 + entries * ENTRY_KEY_BYTES);
    expect(cache.get('narrow 39')).toEqual(vector(2, 39));
  });

  it('answers every key with the vector last set for it, under random use of three widths', () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const max = 3000;
    const cache = new EmbeddingCache(max, undefined, 64);
    const last = new Map<string, Float32Array>();
    for (let step = 0; step < 5000; step++) {
      const id = Math.floor(random() * 60);
      const key = `k${id}`;
      const width = [3, 5, 16][id % 3] as number;
      if (random() < 0.5) {
        const v = vector(width, step);
        cache.set(key, v);
        last.set(key, v);
        expect(cache.get(key)).toEqual(v); // the newest entry always fits
      } else {
        const got = cache.get(key);
        if (got) expect(got).toEqual(last.get(key));
      }
      expect(cache.stats().bytes).toBeLessThanOrEqual(max);
    }
    expect(cache.stats().entries).toBeGreaterThan(5);
  });
});
