// The scoring rule a zero-shot model chooses on its labelled texts: mean direction or pooled, by calibrated likelihood.
import { describe, expect, it } from 'vitest';
import { chooseZeroShotScoring, MIN_SCORING_CHOICE_TEXTS } from './zero-shot-scoring-choice.js';
import { calibrateLogitScale, scoreEmbedding, type LabelPrototypes } from './zero-shot.js';
import { axis, combine } from './testing/unit-vectors.js';

/** A small deterministic nudge into the dimensions no label text uses, so no two texts are the same. */
const nudged = (v: Float32Array, i: number) => combine([1, v], [0.05 * Math.sin(i + 1), axis(4 + (i % 4))]);

/** n labelled texts, alternating between the two gold vectors. */
function labelled(n: number, a: Float32Array, b: Float32Array) {
  const embeddings = Array.from({ length: n }, (_, i) => nudged(i % 2 === 0 ? a : b, i));
  return { embeddings, gold: embeddings.map((_, i) => (i % 2 === 0 ? 'a' : 'b')) };
}

// Label a has two facets (axes 0 and 1); label b one text.
const midpoint = combine([1, axis(0)], [1, axis(1)]);

describe('chooseZeroShotScoring', () => {
  it("chooses the mean direction when a's texts lie between its facets (pooled ranks b's nearer text first)", () => {
    const b = combine([0.8, midpoint], [0.6, axis(2)]);
    const prototypes: LabelPrototypes = { labels: ['a', 'b'], prototypes: [[axis(0), axis(1)], [b]] };
    const { embeddings, gold } = labelled(16, midpoint, b);
    const pooledRight = embeddings.filter((e, i) => {
      const [pa, pb] = scoreEmbedding(prototypes, e, 20) as [number, number];
      return (pa > pb ? 'a' : 'b') === gold[i];
    }).length;
    expect(pooledRight).toBe(8);
    const chosen = chooseZeroShotScoring(prototypes, embeddings, gold);
    expect(chosen.scoring).toBe('mean');
    expect(chosen.choice).toMatchObject({ chosen: 'mean', examples: 16 });
    expect(chosen.choice!.nll_mean).toBeLessThan(chosen.choice!.nll_pooled);
    expect(chosen.logitScale).toBeCloseTo(calibrateLogitScale(prototypes, embeddings, gold, 'mean'), 6);
  });

  it("keeps pooled when a's texts sit on one facet (the mean direction ranks b's text first)", () => {
    const b = combine([0.8, axis(0)], [0.6, axis(2)]);
    const prototypes: LabelPrototypes = { labels: ['a', 'b'], prototypes: [[axis(0), axis(1)], [b]] };
    const { embeddings, gold } = labelled(16, axis(0), b);
    const chosen = chooseZeroShotScoring(prototypes, embeddings, gold);
    expect(chosen.scoring).toBe('pooled');
    expect(chosen.choice!.chosen).toBe('pooled');
    expect(chosen.choice!.nll_pooled).toBeLessThan(chosen.choice!.nll_mean);
    expect(chosen.logitScale).toBeCloseTo(calibrateLogitScale(prototypes, embeddings, gold), 6);
  });

  it('keeps pooled, with no choice reported, below the fewest texts or with one label present', () => {
    const b = combine([0.8, midpoint], [0.6, axis(2)]);
    const prototypes: LabelPrototypes = { labels: ['a', 'b'], prototypes: [[axis(0), axis(1)], [b]] };
    const few = labelled(MIN_SCORING_CHOICE_TEXTS - 1, midpoint, b);
    const tooFew = chooseZeroShotScoring(prototypes, few.embeddings, few.gold);
    expect(tooFew).toMatchObject({ scoring: 'pooled', choice: null });
    expect(tooFew.logitScale).toBeCloseTo(calibrateLogitScale(prototypes, few.embeddings, few.gold), 6);
    const many = labelled(16, midpoint, b);
    const oneLabel = chooseZeroShotScoring(
      prototypes,
      many.embeddings,
      many.gold.map(() => 'a'),
    );
    expect(oneLabel).toMatchObject({ scoring: 'pooled', choice: null });
    expect(chooseZeroShotScoring(prototypes, [], [])).toMatchObject({
      scoring: 'pooled',
      logitScale: 20,
      choice: null,
    });
  });
});

describe("scoreEmbedding's mean direction", () => {
  it('is the cosine to the unit weighted mean of the label texts, precomputed or not', () => {
    const texts = [[axis(0), axis(1)], [axis(2)]];
    const weights = [[3, 1], [1]];
    const direction = combine([3, axis(0)], [1, axis(1)]);
    const text = combine([1, axis(0)], [0.5, axis(2)], [0.2, axis(5)]);
    const scale = 15;
    const za = scale * direction.reduce((s, x, i) => s + x * (text[i] as number), 0);
    const zb = scale * (text[2] as number);
    const expected = [Math.exp(za) / (Math.exp(za) + Math.exp(zb)), Math.exp(zb) / (Math.exp(za) + Math.exp(zb))];
    const bare: LabelPrototypes = { labels: ['a', 'b'], prototypes: texts, weights };
    const withMeans: LabelPrototypes = { ...bare, means: [direction, axis(2)] };
    for (const prototypes of [bare, withMeans]) {
      const got = scoreEmbedding(prototypes, text, scale, 'mean');
      got.forEach((p, i) => expect(p).toBeCloseTo(expected[i] as number, 6));
    }
  });
});
