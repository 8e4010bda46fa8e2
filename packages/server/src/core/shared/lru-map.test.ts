// The count-bounded LRU map: reads refresh an entry, the least recently used goes first.
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('drops the least recently used entry when it grows past its bound', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
    map.set('a', 4);
    map.set('d', 5);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([4, undefined, 5]);
    expect(map.delete('a')).toBe(true);
    expect(map.size).toBe(1);
    expect(() => new LruMap(0)).toThrow(/positive/);
  });

  it('tells of each entry it drops for the bound, and finds keys by value', () => {
    const evicted: string[] = [];
    const map = new LruMap<string, number>(2, (key, value) => evicted.push(`${key}=${value}`));
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    map.set('c', 4);
    expect(evicted).toEqual(['b=2']);
    map.delete('a');
    map.set('d', 5);
    expect(evicted).toEqual(['b=2']);
    expect(map.keysWhere((value) => value > 4)).toEqual(['d']);
    for (const key of map.keysWhere(() => true)) map.delete(key);
    expect(map.size).toBe(0);
    map.set('e', 6);
    map.clear();
    expect([map.size, map.get('e'), evicted.length]).toEqual([0, undefined, 1]);
  });
});
