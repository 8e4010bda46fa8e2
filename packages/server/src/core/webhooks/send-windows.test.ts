// The per-endpoint in-flight window: grows by one per window of fast answers while sends wait, halves on a failed one (to 1) or a slow one (to the initial window); a quick receiver's sends are handed over `ahead` windows at a time.
import { describe, expect, it } from 'vitest';
import { SendWindows } from './send-windows.js';

describe('SendWindows', () => {
  it('grows by one per window of fast answers while sends wait, up to the ceiling', () => {
    const windows = new SendWindows({ initial: 4, ceiling: 6, ahead: 4, aheadMs: 100 });
    for (let i = 0; i < 4; i += 1) windows.fast(1, true);
    expect(windows.limit(1)).toBe(5);
    for (let i = 0; i < 100; i += 1) windows.fast(1, true);
    expect(windows.limit(1)).toBe(6);
  });

  it('does not grow on answers while nothing waited for a slot', () => {
    const windows = new SendWindows({ initial: 4, ceiling: 64, ahead: 4, aheadMs: 100 });
    for (let i = 0; i < 100; i += 1) windows.fast(1, false);
    expect(windows.limit(1)).toBe(4);
  });

  it('halves on a failed answer, never below one', () => {
    const windows = new SendWindows({ initial: 16, ceiling: 64, ahead: 4, aheadMs: 100 });
    windows.slow(1, true);
    expect(windows.limit(1)).toBe(8);
    for (let i = 0; i < 10; i += 1) windows.slow(1, true);
    expect(windows.limit(1)).toBe(1);
    expect(windows.limit(2)).toBe(16);
  });

  it('halves on a slow answer down to the initial window, and no lower', () => {
    const windows = new SendWindows({ initial: 4, ceiling: 64, ahead: 4, aheadMs: 100 });
    for (let i = 0; i < 40; i += 1) windows.fast(1, true);
    expect(windows.limit(1)).toBe(10);
    windows.slow(1, false);
    expect(windows.limit(1)).toBe(5);
    windows.slow(1, false);
    expect(windows.limit(1)).toBe(4);
    windows.slow(1, false);
    expect(windows.limit(1)).toBe(4);
    windows.slow(1, true);
    expect(windows.limit(1)).toBe(2);
    windows.slow(1, false);
    expect(windows.limit(1)).toBe(2);
  });

  it('hands a receiver as many windows ahead as it answers within aheadMs, up to ahead; one window after a slow answer', () => {
    const windows = new SendWindows({ initial: 4, ceiling: 64, ahead: 3, aheadMs: 100 });
    expect(windows.handed(1)).toBe(4);
    windows.fast(1, false, 10);
    expect(windows.handed(1)).toBe(12);
    for (let i = 0; i < 4; i += 1) windows.fast(1, true, 10);
    expect([windows.limit(1), windows.handed(1)]).toEqual([5, 15]);
    // A moving average: one 210 ms answer makes it 50 ms (two windows ahead), a run of them one window.
    windows.fast(1, true, 210);
    expect(windows.handed(1)).toBe(10);
    for (let i = 0; i < 10; i += 1) windows.fast(1, false, 210);
    expect(windows.handed(1)).toBe(5);
    windows.fast(2, false, 1);
    windows.slow(2, false);
    expect([windows.limit(2), windows.handed(2)]).toEqual([4, 4]);
    expect(windows.handed(3)).toBe(4);
  });
});
