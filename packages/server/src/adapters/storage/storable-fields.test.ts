// What text the database can store, and how refusals name the field.
import { describe, expect, it } from 'vitest';
import { assertStorable, findUnstorable } from './storable-fields.js';

describe('findUnstorable', () => {
  it('accepts ordinary text, emoji (paired surrogates) and non-string values', () => {
    expect(findUnstorable({ a: 'héllo 日本 😀', b: 3, c: null, d: [true, { e: 'x' }] }, '')).toBeUndefined();
  });

  it('finds NUL and unpaired surrogates, reporting a path', () => {
    expect(findUnstorable({ name: 'a\u0000b' }, '')).toBe('name');
    expect(findUnstorable({ labels: [{ name: 'ok' }, { name: '\udc00' }] }, '')).toBe('labels[1].name');
    expect(findUnstorable({ labels: ['ok', 'x\ud800'] }, '')).toBe('labels[1]');
    expect(findUnstorable({ meta: { 'k\u0000': 'v' } }, '')).toBe('meta');
  });
});

describe('assertStorable', () => {
  it('throws INVALID_PARAMETER naming the field and the context', () => {
    expect(() => assertStorable({ agent_id: '\u0000' }, 'row 2 of 5')).toThrow(
      expect.objectContaining({
        code: 'INVALID_PARAMETER',
        message: expect.stringMatching(/^agent_id: .*\(row 2 of 5\)$/),
      }),
    );
  });
});
