// Synthetic labelled embeddings for training tests: unit vectors scattered around one random centre per class.
import { seededRandom } from '../../shared/seeded-random.js';
import { normalize } from '../../classification/vectors.js';
import type { LabelledEmbedding } from '../trainer.js';

export interface ClusterSpec {
  dim: number;
  /** Examples per class, in class order. */
  counts: number[];
  /** Standard deviation of the noise added to each coordinate of the (unit) centre. */
  noise: number;
  seed: number;
}

/** A standard normal draw (Box–Muller). */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export function randomUnit(dim: number, random: () => number): Float32Array {
  return normalize(Float32Array.from({ length: dim }, () => gaussian(random)));
}

/** Examples in class order; the same spec gives the same vectors. */
export function clusters(spec: ClusterSpec): LabelledEmbedding[] {
  const random = seededRandom(spec.seed);
  const centres = spec.counts.map(() => randomUnit(spec.dim, random));
  return spec.counts.flatMap((count, label) =>
    Array.from({ length: count }, () => {
      const centre = centres[label] as Float32Array;
      return { label, embedding: normalize(Float32Array.from(centre, (c) => c + spec.noise * gaussian(random))) };
    }),
  );
}
