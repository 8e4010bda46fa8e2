// Zero-shot scoring: label texts pooled by weighted log-sum-exp, softmax-calibrated, the same as text-by-text.
import { describe, expect, it } from 'vitest';
import { dot, softmax } from './vectors.js';
import { labelTexts, POOL_SHARPNESS, scoreEmbedding, type LabelPrototypes } from './zero-shot.js';

function vector(seed: number, length: number): Float32Array {
  const v = new Float32Array(length);
  for (let i = 0; i < length; i++) v[i] = Math.sin(seed * 12.9898 + i * 78.233) * 0.37;
  return v;
}

/** The definition: each label's weighted mean of exp(β·dot) over its texts, log, over β, times the scale, softmax. */
function reference(prototypes: LabelPrototypes, embedding: Float32Array, scale: number): number[] {
  return softmax(
    prototypes.prototypes.map((texts, j) => {
      const weights = prototypes.weights?.[j] ?? texts.map(() => 1);
      const total = weights.reduce((a, b) => a + b, 0);
      const mass = texts.reduce(
        (acc, text, i) => acc + ((weights[i] as number) / total) * Math.exp(POOL_SHARPNESS * dot(embedding, text)),
        0,
      );
      return (scale * Math.log(mass)) / POOL_SHARPNESS;
    }),
  );
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
        reference(prototypes, embedding, scale).forEach((p, i) => expect(scores[i]).toBeCloseTo(p, 12));
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

  it('weighs each text by its weight: a heavier text pulls its label up, the same texts weighing 1 do not', () => {
    const target = vector(7, 16);
    const texts = [
      [vector(1, 16), target],
      [vector(2, 16), vector(3, 16)],
    ];
    const plain = scoreEmbedding({ labels: ['a', 'b'], prototypes: texts }, target, 20);
    const ones = scoreEmbedding(
      {
        labels: ['a', 'b'],
        prototypes: texts,
        weights: [
          [1, 1],
          [1, 1],
        ],
      },
      target,
      20,
    );
    const heavy = scoreEmbedding(
      {
        labels: ['a', 'b'],
        prototypes: texts,
        weights: [
          [1, 5],
          [1, 1],
        ],
      },
      target,
      20,
    );
    expect(ones).toEqual(plain);
    expect(heavy[0]).toBeGreaterThan(plain[0] as number);
  });

  it("scores a text matching two of a label's facets above one matching a single facet as well", () => {
    const facet = (i: number) => Float32Array.from({ length: 4 }, (_, k) => (k === i ? 1 : 0));
    const prototypes: LabelPrototypes = {
      labels: ['two facets', 'one facet'],
      prototypes: [
        [facet(0), facet(1)],
        [facet(0), facet(2)],
      ],
    };
    const both = Float32Array.from([Math.SQRT1_2, Math.SQRT1_2, 0, 0]);
    const [two, one] = scoreEmbedding(prototypes, both, 20);
    expect(two).toBeGreaterThan(one as number);
  });
});

describe('labelTexts', () => {
  it('gives the name in words, then each description and phrase with its weight (1 unless set)', () => {
    expect(
      labelTexts({
        name: 'technical_issue',
        descriptions: ['the app crashes', 'an error message'],
        description_weights: [2, 1],
        phrases: [{ text: 'it keeps freezing', weight: 0.5 }],
      }),
    ).toEqual([
      { text: 'technical issue', weight: 1 },
      { text: 'the app crashes', weight: 2 },
      { text: 'an error message', weight: 1 },
      { text: 'it keeps freezing', weight: 0.5 },
    ]);
    expect(labelTexts({ name: 'billing', descriptions: ['invoices'] })).toEqual([
      { text: 'billing', weight: 1 },
      { text: 'invoices', weight: 1 },
    ]);
  });
});
