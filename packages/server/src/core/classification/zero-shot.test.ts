// Zero-shot scoring: the nearest label text by dot product, softmax-calibrated, the same to the bit as text-by-text.
import { describe, expect, it } from 'vitest';
import { dot, softmax } from './vectors.js';
import { scoreEmbedding, type LabelPrototypes } from './zero-shot.js';

function vector(seed: number, length: number): Float32Array {
  const v = new Float32Array(length);
  for (let i = 0; i < length; i++) v[i] = Math.sin(seed * 12.9898 + i * 78.233) * 0.37;
  return v;
}

/** The definition: each label's best dot() over its texts, times the scale, through softmax. */
function reference(prototypes: LabelPrototypes, embedding: Float32Array, scale: number): number[] {
  return softmax(prototypes.prototypes.map((texts) => scale * Math.max(...texts.map((text) => dot(embedding, text)))));
}

describe('scoreEmbedding', () => {
  it('gives exactly what scoring text by text gives, for any number of texts per label', () => {
    const prototypes: LabelPrototypes = {
      labels: ['one', 'four', 'five', 'nine', 'odd length'],
      prototypes: [
        [vector(1, 100)],
        [2, 3, 4, 5].map((s) => vector(s, 100)),
        [6, 7, 8, 9, 10].map((s) => vector(s, 100)),
        [11, 12, 13, 14, 15, 16, 17, 18, 19].map((s) => vector(s, 100)),
        [vector(20, 100), vector(21, 100), vector(22, 99), vector(23, 100), vector(24, 100)],
      ],
    };
    for (let e = 0; e < 50; e++) {
      const embedding = vector(100 + e, 100);
      for (const scale of [1, 20, 37.5]) {
        const scores = scoreEmbedding(prototypes, embedding, scale);
        expect(scores).toEqual(reference(prototypes, embedding, scale));
        expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it('picks the label whose nearest text is closest', () => {
    const target = vector(7, 16);
    const prototypes: LabelPrototypes = {
      labels: ['far', 'near'],
      prototypes: [
        [vector(1, 16), vector(2, 16), vector(3, 16), vector(4, 16)],
        [vector(5, 16), vector(6, 16), target, vector(8, 16)],
      ],
    };
    const [far, near] = scoreEmbedding(prototypes, target, 20);
    expect(near).toBeGreaterThan(far as number);
  });
});
