// Pooling of token embeddings (mean / CLS / max over the attention mask) and reading 1_Pooling/config.json.
import { describe, expect, it } from 'vitest';
import { l2Normalise, parsePoolingConfig, poolTokens } from './pooling.js';

// 2 rows × 3 tokens × 2 dims; the second row's last token is padding.
const hidden = Float32Array.from([1, 2, 3, 4, 5, -6, /* row 2 */ 7, 8, 9, -10, 100, 100]);
const mask = BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]);

describe('poolTokens', () => {
  it('mean over unmasked tokens', () => {
    expect(poolTokens(hidden, mask, 2, 3, 2, 'mean').map((v) => [...v])).toEqual([
      [3, 0],
      [8, -1],
    ]);
  });
  it('CLS takes the first token', () => {
    expect(poolTokens(hidden, mask, 2, 3, 2, 'cls').map((v) => [...v])).toEqual([
      [1, 2],
      [7, 8],
    ]);
  });
  it('max ignores padding', () => {
    expect(poolTokens(hidden, mask, 2, 3, 2, 'max').map((v) => [...v])).toEqual([
      [5, 4],
      [9, 8],
    ]);
  });
  it('an all-padding row pools to zeros, and normalising keeps it zero', () => {
    const [v] = poolTokens(hidden, new BigInt64Array(6), 2, 3, 2, 'max');
    expect([...l2Normalise(v as Float32Array)]).toEqual([0, 0]);
  });
});

describe('parsePoolingConfig', () => {
  it('reads the sentence-transformers flags', () => {
    expect(parsePoolingConfig({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: false })).toBe('cls');
    expect(parsePoolingConfig({ pooling_mode_max_tokens: true })).toBe('max');
    expect(parsePoolingConfig({ pooling_mode: 'mean' })).toBe('mean');
    expect(parsePoolingConfig(undefined)).toBe('mean');
  });
  it('refuses what it cannot do', () => {
    expect(() => parsePoolingConfig({ pooling_mode_lasttoken: true })).toThrow(/unsupported/);
    expect(() => parsePoolingConfig({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: true })).toThrow(
      /several/,
    );
  });
});
