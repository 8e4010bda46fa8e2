// The per-endpoint claim rule: doubled while a receiver drains full claims between ticks, back to the base on a slow or failed answer.
import { describe, expect, it } from 'vitest';
import { EndpointClaims } from './endpoint-claims.js';

describe('EndpointClaims', () => {
  it('tops an endpoint up to its claim once no more than half of it waits', () => {
    const claims = new EndpointClaims({ base: 64, ceiling: 512 });
    expect(claims.wanted(7, 0)).toBe(64);
    expect(claims.wanted(7, 32)).toBe(32);
    expect(claims.wanted(7, 33)).toBe(0);
  });

  it('doubles the claim of an endpoint that ran dry after a full claim, up to the ceiling', () => {
    const claims = new EndpointClaims({ base: 64, ceiling: 200 });
    const sizes: number[] = [];
    for (let tick = 0; tick < 4; tick += 1) {
      const wanted = claims.wanted(7, 0);
      claims.claimed(7, wanted, wanted);
      claims.ranDry(7);
      sizes.push(claims.size(7));
    }
    expect(sizes).toEqual([128, 200, 200, 200]);
  });

  it('does not grow an endpoint whose claim came back short (nothing more was due)', () => {
    const claims = new EndpointClaims({ base: 64, ceiling: 512 });
    claims.claimed(7, 10, 64);
    claims.ranDry(7);
    expect(claims.size(7)).toBe(64);
    // A skipped endpoint (nothing wanted) keeps what its last real claim said.
    claims.claimed(8, 64, 64);
    claims.claimed(8, 0, 0);
    claims.ranDry(8);
    expect(claims.size(8)).toBe(128);
  });

  it('puts a slow or failing endpoint back to the base', () => {
    const claims = new EndpointClaims({ base: 64, ceiling: 512 });
    claims.claimed(7, 64, 64);
    claims.ranDry(7);
    expect(claims.size(7)).toBe(128);
    claims.reset(7);
    expect(claims.size(7)).toBe(64);
    expect(claims.grown().size).toBe(0);
    claims.ranDry(7);
    expect(claims.size(7)).toBe(64);
  });
});
