// Few-shot support examples: k per label drawn with a seed from the training part, from all of it or from one language's texts.
import { seededRandom, shuffled, type LabelledEmbedding } from '@textclass/server/core';

/** k examples of each label drawn from the training part with the seed (fewer where a label has fewer). */
export function sampleK(
  train: readonly LabelledEmbedding[],
  labelCount: number,
  k: number,
  seed: number,
): LabelledEmbedding[] {
  const random = seededRandom(seed);
  return Array.from({ length: labelCount }, (_, label) =>
    shuffled(
      train.filter((e) => e.label === label),
      random,
    ).slice(0, k),
  ).flat();
}

/**
 * k examples of each label drawn with the seed from the training texts written in lang (trainLangs[i] is the
 * language of train[i]); a label with fewer than k such texts gives all it has.
 */
export function drawInLanguage(
  train: readonly LabelledEmbedding[],
  trainLangs: readonly string[],
  lang: string,
  labelCount: number,
  k: number,
  seed: number,
): LabelledEmbedding[] {
  if (train.length !== trainLangs.length)
    throw new Error(`${train.length} training examples but ${trainLangs.length} languages`);
  return sampleK(
    train.filter((_, i) => trainLangs[i] === lang),
    labelCount,
    k,
    seed,
  );
}

/**
 * For each language (sorted), the fewest training texts any label has in it: the largest k an in-language draw
 * can honour there. A label missing from a language counts as 0.
 */
export function trainingPerLabel(
  train: readonly LabelledEmbedding[],
  trainLangs: readonly string[],
  labelCount: number,
): Map<string, number> {
  const counts = new Map<string, number[]>();
  train.forEach((e, i) => {
    const lang = trainLangs[i] ?? '';
    const row = counts.get(lang) ?? new Array<number>(labelCount).fill(0);
    row[e.label] = (row[e.label] ?? 0) + 1;
    counts.set(lang, row);
  });
  return new Map(
    [...counts.keys()].sort().map((lang) => [lang, Math.min(...(counts.get(lang) ?? [0]))] as [string, number]),
  );
}
