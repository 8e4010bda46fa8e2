// encodeUtf8Into against TextEncoder: ASCII, 2-, 3- and 4-byte characters, lone and reversed surrogates, at an offset.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../core/shared/seeded-random.js';
import { encodeUtf8Into } from './utf8.js';

const encoder = new TextEncoder();

function ours(text: string, at = 0): number[] {
  const out = new Uint8Array(at + text.length * 3);
  return [...out.subarray(at, encodeUtf8Into(text, out, at))];
}

describe('encodeUtf8Into', () => {
  it.each([
    '',
    'abc',
    'héllo wörld',
    'Где мой заказ',
    '荷物',
    '🙂 ok',
    '\ud800',
    'a\udc00b',
    '\udc00\ud800',
    'x\ud83d',
  ])('encodes %j as TextEncoder does', (text) => {
    expect(ours(text)).toEqual([...encoder.encode(text)]);
    expect(ours(text, 5)).toEqual([...encoder.encode(text)]);
  });

  it('encodes random UTF-16 (surrogates included) as TextEncoder does', () => {
    const random = seededRandom(17);
    for (let n = 0; n < 500; n++) {
      const units = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const pick = random();
        return pick < 0.3
          ? Math.floor(random() * 0x80)
          : pick < 0.6
            ? 0xd800 + Math.floor(random() * 0x800)
            : Math.floor(random() * 0x10000);
      });
      const text = String.fromCharCode(...units);
      expect(ours(text)).toEqual([...encoder.encode(text)]);
    }
  });
});
