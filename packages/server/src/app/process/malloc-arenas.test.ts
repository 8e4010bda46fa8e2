// The arena bound the server's children inherit and the start-up hint when it is missing.
import { describe, expect, it } from 'vitest';
import { arenasBounded, boundedArenasEnv, unboundedArenasHint } from './malloc-arenas.js';

describe('malloc arenas', () => {
  it('counts MALLOC_ARENA_MAX or the glibc tunable as a bound, whatever its value', () => {
    expect(arenasBounded({})).toBe(false);
    expect(arenasBounded({ MALLOC_ARENA_MAX: '4' })).toBe(true);
    expect(arenasBounded({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1:glibc.malloc.arena_max=1' })).toBe(true);
    expect(arenasBounded({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1' })).toBe(false);
  });

  it('adds the bound to a child environment only where none is set', () => {
    expect(boundedArenasEnv({})).toEqual({ MALLOC_ARENA_MAX: '1' });
    expect(boundedArenasEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
  });

  it('hints on Linux without a bound, and nowhere else', () => {
    expect(unboundedArenasHint({}, 'linux')).toMatch(/MALLOC_ARENA_MAX=1/);
    expect(unboundedArenasHint({ MALLOC_ARENA_MAX: '2' }, 'linux')).toBeUndefined();
    expect(unboundedArenasHint({}, 'darwin')).toBeUndefined();
  });
});
