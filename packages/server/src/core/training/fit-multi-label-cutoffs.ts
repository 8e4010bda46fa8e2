// Per-label cut-offs of a multi-label head, each fitted to maximise that label's F1 on out-of-fold scores.

/** The cut-off a label gets when its scores cannot fit one (no positive or no negative example among them). */
export const DEFAULT_MULTI_LABEL_CUTOFF = 0.5;

/**
 * For each label, the cut-off t (a label is given when its score ≥ t) with the highest F1 over `scores` against the
 * 0/1 `targets`; candidates are the midpoints between consecutive distinct scores; ties go to the candidate nearest
 * 0.5. A label without both positives and negatives in the set keeps 0.5.
 */
export function fitF1Cutoffs(
  scores: readonly (readonly number[])[],
  targets: readonly (readonly number[])[],
  labelCount: number,
): number[] {
  return Array.from({ length: labelCount }, (_, k) => {
    const pairs = scores.map((row, n) => ({ s: row[k] ?? 0, t: targets[n]?.[k] ?? 0 }));
    const positives = pairs.filter((p) => p.t === 1).length;
    if (positives === 0 || positives === pairs.length) return DEFAULT_MULTI_LABEL_CUTOFF;
    pairs.sort((a, b) => b.s - a.s);
    let best = { f1: -1, cutoff: DEFAULT_MULTI_LABEL_CUTOFF };
    let tp = 0;
    let given = 0;
    // Walking down the sorted scores, a cut-off between pairs[i] and pairs[i + 1] gives the first i + 1 the label.
    for (let i = 0; i < pairs.length; i += 1) {
      const here = pairs[i] as { s: number; t: number };
      given += 1;
      tp += here.t;
      const next = pairs[i + 1];
      if (next && next.s === here.s) continue;
      const cutoff = next ? (here.s + next.s) / 2 : here.s / 2;
      const f1 = (2 * tp) / (given + positives);
      const nearer = Math.abs(cutoff - 0.5) < Math.abs(best.cutoff - 0.5);
      if (f1 > best.f1 + 1e-12 || (Math.abs(f1 - best.f1) <= 1e-12 && nearer)) best = { f1, cutoff };
    }
    return best.cutoff;
  });
}

/** The 0/1 decisions of score rows against per-label cut-offs. */
export function decide(scores: readonly (readonly number[])[], cutoffs: readonly number[]): number[][] {
  return scores.map((row) => row.map((s, k) => (s >= (cutoffs[k] ?? DEFAULT_MULTI_LABEL_CUTOFF) ? 1 : 0)));
}
