// What `npm run eval:api` computes from the API's answers: the split by language and label, accuracy per language, ECE, cut-off decisions, and the targets.
import { expectedCalibrationError, reliabilityTable, stratifiedSplit } from '@textclass/server/core';

export interface LabelledRow {
  text: string;
  label: string;
  lang: string;
}

/** One held-out text as the API answered it: every label's confidence, and whether its top label cleared its cut-off. */
export interface Answer {
  gold: string;
  lang: string;
  confidences: Record<string, number>;
  decided?: boolean;
}

/** Train and test rows: `holdout` of every (language, label) cell held out, fixed by `seed`. */
export function splitByCell(
  rows: readonly LabelledRow[],
  holdout: number,
  seed: number,
): { train: LabelledRow[]; test: LabelledRow[] } {
  const cells = [...new Set(rows.map((r) => `${r.lang}\u0000${r.label}`))].sort();
  const split = stratifiedSplit(
    rows.map((r) => cells.indexOf(`${r.lang}\u0000${r.label}`)),
    holdout,
    seed,
  );
  return {
    train: split.train.map((i) => rows[i] as LabelledRow),
    test: split.holdout.map((i) => rows[i] as LabelledRow),
  };
}

/** The label with the highest confidence (the first of equals in `labels` order). */
export function topLabel(answer: Answer, labels: readonly string[]): string {
  let best = labels[0] ?? '';
  for (const label of labels) if ((answer.confidences[label] ?? 0) > (answer.confidences[best] ?? 0)) best = label;
  return best;
}

export interface Accuracy {
  all: number;
  byLang: Map<string, number>;
}

/** Share of answers whose top label is the gold one, overall and per language. */
export function accuracyOf(answers: readonly Answer[], labels: readonly string[]): Accuracy {
  const hits = new Map<string, [number, number]>();
  let right = 0;
  for (const a of answers) {
    const hit = topLabel(a, labels) === a.gold ? 1 : 0;
    right += hit;
    const [h, n] = hits.get(a.lang) ?? [0, 0];
    hits.set(a.lang, [h + hit, n + 1]);
  }
  return {
    all: answers.length === 0 ? 0 : right / answers.length,
    byLang: new Map([...hits].sort(([a], [b]) => a.localeCompare(b)).map(([lang, [h, n]]) => [lang, h / n])),
  };
}

/** Expected calibration error (10 equal-width bins) of the top confidences; null without answers. */
export function calibrationErrorOf(answers: readonly Answer[], labels: readonly string[]): number | null {
  return expectedCalibrationError(
    reliabilityTable(
      answers.map((a) => labels.map((l) => a.confidences[l] ?? 0)),
      answers.map((a) => labels.indexOf(a.gold)),
    ),
  );
}

export interface Decisions {
  /** Share of the answers whose top label cleared its cut-off. */
  coverage: number;
  /** Of those, the share whose top label is right (null when none were decided). */
  precision: number | null;
  /** The same per predicted label. */
  byLabel: Map<string, { decided: number; coverage: number; precision: number | null }>;
}

/** How the per-label cut-offs decided the answers (answers without a decision count as not decided). */
export function decisionsOf(answers: readonly Answer[], labels: readonly string[]): Decisions {
  const tally = new Map(labels.map((l) => [l, { predicted: 0, decided: 0, right: 0 }]));
  for (const a of answers) {
    const top = topLabel(a, labels);
    const t = tally.get(top) as { predicted: number; decided: number; right: number };
    t.predicted += 1;
    if (a.decided !== true) continue;
    t.decided += 1;
    if (top === a.gold) t.right += 1;
  }
  const totals = [...tally.values()].reduce((s, t) => ({ decided: s.decided + t.decided, right: s.right + t.right }), {
    decided: 0,
    right: 0,
  });
  return {
    coverage: answers.length === 0 ? 0 : totals.decided / answers.length,
    precision: totals.decided === 0 ? null : totals.right / totals.decided,
    byLabel: new Map(
      [...tally].map(([label, t]) => [
        label,
        {
          decided: t.decided,
          coverage: t.predicted === 0 ? 0 : t.decided / t.predicted,
          precision: t.decided === 0 ? null : t.right / t.decided,
        },
      ]),
    ),
  };
}

export interface Target {
  name: string;
  measured: number | null;
  /** The bound, and whether the measure must be at least it ('min') or at most ('max'). */
  bound: number;
  direction: 'min' | 'max';
}

/** "met" or "missed" (a target with nothing measured is missed). */
export function judge(target: Target): 'met' | 'missed' {
  if (target.measured === null) return 'missed';
  return (target.direction === 'min' ? target.measured >= target.bound : target.measured <= target.bound)
    ? 'met'
    : 'missed';
}
