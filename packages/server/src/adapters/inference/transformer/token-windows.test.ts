// tokenWindows: one window when the text fits, overlapping windows covering every token otherwise.
import { describe, expect, it } from 'vitest';
import { tokenWindows } from './token-windows.js';

const spec = { prefix: [100], suffix: [101], maxLength: 6 };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('tokenWindows', () => {
  it('keeps a text that fits in one window, and an empty text as special tokens only', () => {
    expect(tokenWindows([1, 2, 3], spec)).toEqual([{ ids: [100, 1, 2, 3, 101], weight: 3 }]);
    expect(tokenWindows([], spec)).toEqual([{ ids: [100, 101], weight: 1 }]);
  });

  it('slides by half a window and ends exactly at the last token', () => {
    const windows = tokenWindows(range(10), spec);
    expect(windows.map((w) => w.ids.slice(1, -1))).toEqual([
      [0, 1, 2, 3],
      [2, 3, 4, 5],
      [4, 5, 6, 7],
      [6, 7, 8, 9],
    ]);
    expect(windows.every((w) => w.weight === 4 && w.ids.length === 6)).toBe(true);
    const odd = tokenWindows(range(11), spec);
    expect(odd.at(-1)?.ids.slice(1, -1)).toEqual([7, 8, 9, 10]);
    expect(new Set(odd.flatMap((w) => w.ids.slice(1, -1)))).toEqual(new Set(range(11)));
  });

  it('refuses a maxLength with no room for text', () => {
    expect(() => tokenWindows([1], { prefix: [1], suffix: [2], maxLength: 2 })).toThrow(/no room/);
  });
});
