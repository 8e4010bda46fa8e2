// The encoder ceilings the benches hold the server against: calls kept in flight, one at a time and as the server runs them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSyntheticEncoder } from '@textclass/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsInFlight, timedCalls } from './calls-in-flight.js';
import { EncoderCeiling } from './encoder-ceiling.js';
import { RawBench } from './raw-ceiling.js';
import { staticSubject, transformerSubject, type Subject } from './subjects.js';

const TEXTS = Array.from({ length: 64 }, (_, i) => `the parcel ${i} never arrived and support did not answer`);

describe('callsInFlight', () => {
  /** A step that records how many calls run at once and which indices it saw. */
  function recorder() {
    let active = 0;
    const seen: number[] = [];
    const state = { most: 0, seen };
    const step = async (index: number) => {
      active++;
      state.most = Math.max(state.most, active);
      seen.push(index);
      await new Promise((resolve) => setTimeout(resolve, 2));
      active--;
    };
    return { state, step };
  }

  it('keeps `count` calls running at once and numbers them on from `from`', async () => {
    const { state, step } = recorder();
    expect(await callsInFlight(2, 5, (made) => made >= 10, step)).toBe(10);
    expect(state.most).toBe(2);
    expect(state.seen.sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('runs one call at a time with a count of 1', async () => {
    const { state, step } = recorder();
    expect(await callsInFlight(1, 0, (made) => made >= 6, step)).toBe(6);
    expect(state.most).toBe(1);
  });

  it('refuses a count that is not a whole number of at least 1', async () => {
    await expect(
      callsInFlight(
        0,
        0,
        () => true,
        async () => {},
      ),
    ).rejects.toThrow(/count/);
  });
});

describe('timedCalls', () => {
  it('times the calls after the warm-up ones, numbering them on from there', async () => {
    const seen: number[] = [];
    const step = async (index: number) => void seen.push(index);
    expect(await timedCalls(1, 2, (made) => made >= 3, step)).toMatchObject({ first: 2, calls: 3 });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('EncoderCeiling', () => {
  it('measures one call at a time and, with a served shape, its calls at once; refuses another count', async () => {
    const ceiling = await EncoderCeiling.open(undefined, { encoderWorkers: 2, inFlight: 2 });
    try {
      expect(ceiling.inFlightCounts).toEqual([1, 2]);
      const one = await ceiling.measure(TEXTS, 8, 0.05);
      const two = await ceiling.measure(TEXTS, 8, 0.05, 2);
      expect(one).toMatchObject({ batch: 8, inFlight: 1 });
      expect(two).toMatchObject({ batch: 8, inFlight: 2 });
      for (const row of [one, two]) {
        expect(row.calls).toBeGreaterThanOrEqual(20);
        expect(row.textsPerSecond).toBeGreaterThan(0);
      }
      await expect(ceiling.measure(TEXTS, 8, 0.05, 3)).rejects.toThrow(/served shape runs 2/);
    } finally {
      await ceiling.close();
    }
  });

  it('measures one call at a time only when the server runs one', async () => {
    const ceiling = await EncoderCeiling.open(undefined, { encoderWorkers: 2, inFlight: 1 });
    try {
      expect(ceiling.inFlightCounts).toEqual([1]);
      await expect(ceiling.measure(TEXTS, 8, 0.05, 2)).rejects.toThrow(/served shape runs 1/);
    } finally {
      await ceiling.close();
    }
  });
});

describe('RawBench', () => {
  let root: string;
  let transformer: Subject;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'textclass-raw-ceiling-'));
    await writeSyntheticEncoder({ dir: join(root, 'encoders', 'tiny'), size: 'tiny', maxSeqLength: 32 });
    transformer = await transformerSubject(root, 'tiny');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('runs a transformer one run at a time on one session and two at once on the served worker sessions', async () => {
    const raw = await RawBench.open(transformer, TEXTS, [4], { encoderWorkers: 2, inFlight: 2 });
    try {
      expect(raw.inFlightCounts).toEqual([1, 2]);
      const limits = { seconds: 0.05, minRuns: 6, maxRuns: 40, warmupRuns: 1 };
      const one = await raw.measure(4, limits);
      const two = await raw.measure(4, limits, 2);
      expect(one).toMatchObject({ batch: 4, inFlight: 1 });
      expect(two).toMatchObject({ batch: 4, inFlight: 2 });
      expect(one.runs).toBeGreaterThanOrEqual(6);
      expect(one.runs).toBeLessThanOrEqual(40);
      // Two loops may each start a run in the turn the limit is reached.
      expect(two.runs).toBeGreaterThanOrEqual(6);
      expect(two.runs).toBeLessThanOrEqual(41);
      expect(one.sequence).toBeGreaterThan(2);
      await expect(raw.measure(4, limits, 3)).rejects.toThrow(/served shape runs 2/);
    } finally {
      await raw.release();
    }
  });

  it('has no served rows for a static encoder, whose server runs it inline', async () => {
    const raw = await RawBench.open(await staticSubject(), TEXTS, [4], { encoderWorkers: 2, inFlight: 2 });
    try {
      expect(raw.inFlightCounts).toEqual([1]);
    } finally {
      await raw.release();
    }
  });
});
