// Decoding embeddings: base64 little-endian float32 whatever the machine's byte order, and either encoding_format.
import { describe, expect, it } from 'vitest';
import { decodeEmbedding, embeddingsOf } from './embeddings.js';

/** The little-endian bytes of float32 values, written byte by byte. */
function littleEndianBase64(values: number[]): string {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return btoa(String.fromCharCode(...new Uint8Array(view.buffer)));
}

describe('decodeEmbedding', () => {
  it('reads little-endian float32 values', () => {
    // 1.0 is 00 00 80 3f little-endian; -2.5 is 00 00 20 c0.
    expect(Array.from(decodeEmbedding(btoa('\x00\x00\x80\x3f\x00\x00\x20\xc0')))).toEqual([1, -2.5]);
    const values = [0.125, -0.0625, 0.5, 3.75];
    expect(Array.from(decodeEmbedding(littleEndianBase64(values)))).toEqual(values);
  });

  it('refuses a byte count that is not a whole number of float32 values', () => {
    expect(() => decodeEmbedding(btoa('abc'))).toThrow(/4 bytes a value; got 3 bytes/);
  });
});

describe('embeddingsOf', () => {
  it('gives the same vectors for float and base64 answers', () => {
    const values = [
      [0.5, -0.25],
      [0.75, 0.125],
    ];
    const common = { encoder: 'use-multi-612', dimensions: 2, usage: { texts: 2, tokens: 6 }, processing_time_ms: 1 };
    const floats = embeddingsOf({ ...common, encoding_format: 'float', embeddings: values });
    const base64 = embeddingsOf({ ...common, encoding_format: 'base64', embeddings: values.map(littleEndianBase64) });
    expect(floats.map((v) => Array.from(v))).toEqual(values);
    expect(base64.map((v) => Array.from(v))).toEqual(values);
  });
});
