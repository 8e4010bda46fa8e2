// eval:api's report: the markdown tables of every set's answers through the API and the targets they are judged on.
import { accuracyOf, calibrationErrorOf, decisionsOf, type Answer, type Target } from './api-eval.js';

/** The language groups the zero-shot evaluation reports (eval-zero-shot.ts). */
export const LANGUAGE_GROUPS: Record<string, string[]> = {
  en: ['en'],
  'de fr es it pt nl': ['de', 'fr', 'es', 'it', 'pt', 'nl'],
  'pl ru sv tr': ['pl', 'ru', 'sv', 'tr'],
  'ja zh': ['ja', 'zh'],
};

/** One set's answers pooled over every split. */
export interface SetResult {
  set: string;
  served: Answer[];
  reference: Answer[];
  zeroShot: Answer[];
  trainingSeconds: number[];
  labels: string[];
  /** Examples a training job got (the same in every split). */
  examples: number;
}

const f3 = (x: number | null) => (x === null ? '—' : x.toFixed(3));

/** Served − reference accuracy per language group (0 where a group has no answers). */
export function groupGaps(result: SetResult): Array<{ group: string; gap: number }> {
  const accuracy = (answers: readonly Answer[], langs: string[]) => {
    const kept = answers.filter((a) => langs.includes(a.lang));
    return kept.length === 0 ? null : accuracyOf(kept, result.labels).all;
  };
  return Object.entries(LANGUAGE_GROUPS).map(([group, langs]) => {
    const served = accuracy(result.served, langs);
    const reference = accuracy(result.reference, langs);
    return { group, gap: served === null || reference === null ? 0 : served - reference };
  });
}

const worstGap = (result: SetResult) => groupGaps(result).reduce((a, b) => (b.gap < a.gap ? b : a));

/** The summary table, then per set its per-language accuracies and its decisions per predicted label. */
export function reportLines(results: readonly SetResult[]): string[] {
  const lines = [
    '| set | served | reference | served − reference | worst language group | ECE | decided precision / coverage at 0.9 | zero-shot | training s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const served = accuracyOf(r.served, r.labels).all;
    const reference = accuracyOf(r.reference, r.labels).all;
    const worst = worstGap(r);
    const d = decisionsOf(r.served, r.labels);
    const gap = served - reference;
    lines.push(
      `| ${r.set} | ${f3(served)} | ${f3(reference)} | ${(gap >= 0 ? '+' : '') + gap.toFixed(3)} | ${worst.group} ${worst.gap.toFixed(3)} | ${f3(calibrationErrorOf(r.served, r.labels))} | ${f3(d.precision)} / ${f3(d.coverage)} | ${f3(accuracyOf(r.zeroShot, r.labels).all)} | ${r.trainingSeconds.map((s) => s.toFixed(1)).join(', ')} |`,
    );
  }
  for (const r of results) {
    const served = accuracyOf(r.served, r.labels);
    const reference = accuracyOf(r.reference, r.labels);
    const langs = [...served.byLang.keys()];
    const row = (name: string, accuracy: typeof served) =>
      `| ${name} | ${langs.map((l) => f3(accuracy.byLang.get(l) ?? null)).join(' | ')} | ${f3(accuracy.all)} |`;
    lines.push(
      '',
      `**${r.set}** per language (served / reference; decided at 0.9 per predicted label below)`,
      '',
      `| | ${langs.join(' | ')} | all |`,
      `|---|${langs.map(() => '---|').join('')}---|`,
      row('served', served),
      row('reference', reference),
      '',
      '| label | decided | coverage | precision |',
      '|---|---|---|---|',
    );
    for (const [label, x] of decisionsOf(r.served, r.labels).byLabel)
      lines.push(`| ${label} | ${x.decided} | ${f3(x.coverage)} | ${f3(x.precision)} |`);
  }
  return lines;
}

/** The targets, measured on the intents and sentiment results and the demo model's sentiment answers. */
export function targetsOf(intents: SetResult, sentiment: SetResult, demoSentiment: readonly Answer[]): Target[] {
  const results = [intents, sentiment];
  const decisions = decisionsOf(intents.served, intents.labels);
  const min = (name: string, measured: number | null, bound: number): Target => ({
    name,
    measured,
    bound,
    direction: 'min',
  });
  const max = (name: string, measured: number | null, bound: number): Target => ({
    name,
    measured,
    bound,
    direction: 'max',
  });
  return [
    min('fine-tuned intents ≥ 0.83', accuracyOf(intents.served, intents.labels).all, 0.83),
    min('fine-tuned sentiment ≥ 0.90', accuracyOf(sentiment.served, sentiment.labels).all, 0.9),
    ...results.map((r) => min(`${r.set}: served ≥ reference − 0.01 in every language group`, worstGap(r).gap, -0.01)),
    ...results.map((r) => max(`${r.set}: ECE ≤ 0.05`, calibrationErrorOf(r.served, r.labels), 0.05)),
    min('intents at target 0.9: decided precision ≥ 0.87', decisions.precision, 0.87),
    min('intents at target 0.9: coverage ≥ 0.65', decisions.coverage, 0.65),
    min('demo Sentiment zero-shot ≥ 0.70 (every sentiment text)', accuracyOf(demoSentiment, sentiment.labels).all, 0.7),
    ...results.map((r) =>
      max(`${r.set}: training under 30 s (slowest split, ${r.examples} examples)`, Math.max(...r.trainingSeconds), 30),
    ),
  ];
}
