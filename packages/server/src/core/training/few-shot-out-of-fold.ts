// Out-of-fold logits of the few-shot head (k folds, k ≤ 5 and ≤ the fewest examples of a label) and the temperature fitted on them.
import { fitTemperature } from './calibration.js';
import { trainFewShotHead, type FewShotOptions } from './few-shot.js';
import { foldCount, stratifiedFolds } from './folds.js';
import { logitRows } from './head-parameters.js';
import type { LabelledEmbedding } from './trainer.js';

/**
 * Fewest out-of-fold rows a few-shot head's temperature is fitted on. Below it the one-parameter fit follows the
 * noise of a handful of texts: on the k = 4 and k = 8 supports of 12 to 32 texts it made calibration worse, not
 * better. That was seen on eval/sets (eval/dev's supports are too small to show it), so docs/model-quality.md says
 * so; the head keeps the leave-one-out scale its prototypes were calibrated at.
 */
export const MIN_FEW_SHOT_CALIBRATION_ROWS = 50;

/** Null logits and temperature 1 when some label has fewer than 2 examples (nothing to leave out). */
export function fewShotOutOfFold(
  examples: readonly LabelledEmbedding[],
  labels: readonly string[],
  seed: number,
  options?: FewShotOptions,
): { logits: number[][] | null; temperature: number } {
  const gold = examples.map((e) => e.label);
  const folds = foldCount(gold);
  if (folds < 2 || new Set(gold).size < labels.length) return { logits: null, temperature: 1 };
  const assignment = stratifiedFolds(gold, folds, seed);
  const logits = new Array<number[]>(examples.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const indices = assignment.flatMap((f, i) => (f === fold ? [i] : []));
    const head = trainFewShotHead(
      examples.filter((_, i) => assignment[i] !== fold),
      labels,
      options,
    );
    logitRows(
      head,
      indices.map((i) => (examples[i] as LabelledEmbedding).embedding),
    ).forEach((row, j) => (logits[indices[j] as number] = row));
  }
  const temperature = logits.length >= MIN_FEW_SHOT_CALIBRATION_ROWS ? fitTemperature(logits, gold) : 1;
  return { logits, temperature };
}
