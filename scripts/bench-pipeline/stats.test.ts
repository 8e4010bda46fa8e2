// The pipeline bench's accept-to-webhook latencies and the encoder's share of the pipeline's time.
import { describe, expect, it } from 'vitest';
import type { EncoderRow } from '@textclass/model-tools';
import { acceptToWebhook, encoderShare, uploadRows } from './stats.js';

describe('acceptToWebhook', () => {
  it('per accepted row, its first delivery’s arrival less its acceptance; rows never delivered counted apart', () => {
    const accepted = [
      { text: 'a', at: 100 },
      { text: 'b', at: 100 },
      { text: 'c', at: 200 },
      { text: 'lost', at: 200 },
    ];
    const arrivals = new Map([
      ['a', 110],
      ['b', 130.04],
      ['c', 220],
    ]);
    expect(acceptToWebhook(accepted, arrivals)).toEqual({ samples: 3, missing: 1, p50Ms: 20, p99Ms: 30, maxMs: 30 });
  });
});

describe('encoderShare', () => {
  it('rows/s × embeddings per row ÷ the encoder’s texts/s', () => {
    expect(encoderShare(500, 1, 10_000)).toBe(0.05);
    expect(encoderShare(500, 2, 1_000)).toBe(1);
    expect(encoderShare(1, 1, 3)).toBe(0.3333);
  });
});

describe('uploadRows', () => {
  const at64 = (textsPerSecond: number) => [{ batch: 64, textsPerSecond } as EncoderRow];
  it('sizes a slow encoder’s backlog to what it embeds in the given seconds, a fast one’s to the bound', () => {
    expect(uploadRows({ rows: 20_000, encoderSeconds: 15 }, at64(400))).toBe(6_000);
    expect(uploadRows({ rows: 20_000, encoderSeconds: 15 }, at64(80_000))).toBe(20_000);
    expect(uploadRows({ rows: 20_000, encoderSeconds: 15 }, at64(10))).toBe(1_000);
  });
});
