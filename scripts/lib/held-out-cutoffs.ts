// What eval-cutoffs measures on the held-out texts: each text's top label, and per label the decided texts' precision.
import { clearsCutoff, fitLabelCutoffs } from '@textclass/server/core';

/** One held-out text under the served head: its top label, that label's confidence (6 decimals) and whether it is right. */
export interface HeldOutTop {
  top: number;
  confidence: number;
  correct: boolean;
}

/** The top label of each row of probabilities, against the gold label index of the same text. */
export function heldOutTops(rows: readonly number[][], gold: ReadonlyArray<number | undefined>): HeldOutTop[] {
  return rows.map((row, i) => {
    const top = row.indexOf(Math.max(...row));
    return { top, confidence: Math.round((row[top] ?? 0) * 1e6) / 1e6, correct: top === gold[i] };
  });
}

/** Of the texts whose top label is `label`: how many, how many clear its cut-off, how many of those are right. */
export function decidedByCutoff(tops: readonly HeldOutTop[], label: number, threshold: number) {
  const predicted = tops.filter((t) => t.top === label);
  const decided = predicted.filter((t) => clearsCutoff(t.confidence, threshold));
  return { predicted: predicted.length, decided: decided.length, right: decided.filter((t) => t.correct).length };
}

/** Per group (a text's language), in first-seen order: its texts, those that clear their top label's cut-off, and the right ones. */
export function decidedByGroup(tops: readonly HeldOutTop[], groups: readonly string[], thresholds: readonly number[]) {
  const out = new Map<string, { texts: number; decided: number; right: number }>();
  tops.forEach((t, i) => {
    const group = groups[i] ?? '';
    const counts = out.get(group) ?? { texts: 0, decided: 0, right: 0 };
    counts.texts += 1;
    if (clearsCutoff(t.confidence, thresholds[t.top] ?? 1)) {
      counts.decided += 1;
      if (t.correct) counts.right += 1;
    }
    out.set(group, counts);
  });
  return out;
}

/**
 * Cut-offs fitted to `targetPrecision` as a training fits them (on the out-of-fold predictions of the training part),
 * applied to the held-out rows: the decided counts overall and per group (a text's language).
 */
export function heldOutCoverage(
  outOfFold: { probabilities: readonly (readonly number[])[]; gold: readonly number[] },
  heldOut: { rows: readonly number[][]; gold: ReadonlyArray<number | undefined>; groups: readonly string[] },
  labels: readonly string[],
  targetPrecision: number,
) {
  const { cutoffs } = fitLabelCutoffs(outOfFold.probabilities, outOfFold.gold, labels, targetPrecision);
  const byGroup = decidedByGroup(
    heldOutTops(heldOut.rows, heldOut.gold),
    heldOut.groups,
    labels.map((label) => cutoffs[label]?.threshold ?? 1),
  );
  const all = { texts: 0, decided: 0, right: 0 };
  for (const counts of byGroup.values()) {
    all.texts += counts.texts;
    all.decided += counts.decided;
    all.right += counts.right;
  }
  return { all, byGroup };
}
