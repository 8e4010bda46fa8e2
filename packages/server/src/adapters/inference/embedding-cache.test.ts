// Embedding cache in front of a serving encoder: hits skip the model, LRU eviction under the byte bound, per-encoder keys, counters.
import { describe, expect, it } from 'vitest';
import { EmbeddingCache } from './embedding-cache.js';
import { ServingEncoder } from './serving-encoder.js';
import { GatedEncoder, vectorOf } from './testing/gated-encoder.js';

const ENTRY_BYTES = 3 * 4 + 160;

function caching(maxBytes = 1 << 20, id = 'gated') {
  const inner = new GatedEncoder(id);
  inner.open = true;
  const cache = new EmbeddingCache(maxBytes);
  return { inner, cache, encoder: new ServingEncoder(inner, { cache }) };
}

describe('the embedding cache of a serving encoder', () => {
  it('embeds only what it has not seen, once per distinct text, in order', async () => {
    const { inner, cache, encoder } = caching();
    expect(await encoder.embed(['a', 'bb', 'a'])).toEqual([vectorOf('a'), vectorOf('bb'), vectorOf('a')]);
    expect(await encoder.embed(['bb', 'ccc', 'a'])).toEqual([vectorOf('bb'), vectorOf('ccc'), vectorOf('a')]);
    expect(inner.calls).toEqual([['a', 'bb'], ['ccc']]);
    expect(cache.stats()).toMatchObject({ entries: 3, hits: 3, misses: 3, bytes: 3 * ENTRY_BYTES });
  });

  it('skips the encoder entirely when every text is cached', async () => {
    const { inner, encoder } = caching();
    await encoder.embed(['x', 'y']);
    await encoder.embed(['y', 'x']);
    expect(inner.calls).toHaveLength(1);
  });

  it('evicts the least recently used entry to stay under the byte bound', async () => {
    const { inner, cache, encoder } = caching(2 * ENTRY_BYTES);
    await encoder.embed(['a', 'b']);
    await encoder.embed(['a']);
    await encoder.embed(['c']);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 2 * ENTRY_BYTES });
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
