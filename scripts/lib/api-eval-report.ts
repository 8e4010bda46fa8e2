// eval:api's report: the markdown tables of every set's answers through the API and the targets they are judged on.
import { accuracyOf, calibrationErrorOf, decisionsOf, topLabel, type Answer, type Target } from './api-eval.js';

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

/** One language group's served − reference accuracy, with the paired counts it comes from. */
export interface GroupGap {
  group: string;
  /** Served − reference accuracy (0 where the group has no answers). */
  gap: number;
  /** Texts only the served head got right, and only the reference. */
  servedOnly: number;
  referenceOnly: number;
  /** The gap's standard error over the group's texts, paired (each text answered by both); 0 without answers. */
  standardError: number;
  answers: number;
}

/**
 * Served − reference accuracy per language group. `served[i]` and `reference[i]` answer the same held-out text, so
 * the gap is a paired difference: its standard error is √(b + c − (b − c)² / n) / n over the n texts, b of them right
 * only as served and c only by the reference.
 */
export function groupGaps(result: SetResult): GroupGap[] {
  if (result.served.length !== result.reference.length) throw new Error('served and reference answers are not paired');
  return Object.entries(LANGUAGE_GROUPS).map(([group, langs]) => {
    let servedOnly = 0;
    let referenceOnly = 0;
    let answers = 0;
    result.served.forEach((served, i) => {
      if (!langs.includes(served.lang)) return;
      const reference = result.reference[i] as Answer;
      if (reference.gold !== served.gold || reference.lang !== served.lang)
        throw new Error(`served and reference answers are not paired (answer ${i})`);
      answers += 1;
      const servedRight = topLabel(served, result.labels) === served.gold;
      const referenceRight = topLabel(reference, result.labels) === reference.gold;
      if (servedRight && !referenceRight) servedOnly += 1;
      if (referenceRight && !servedRight) referenceOnly += 1;
    });
    const difference = servedOnly - referenceOnly;
    const spread = Math.max(0, servedOnly + referenceOnly - (difference * difference) / Math.max(answers, 1));
    return {
      group,
      gap: answers === 0 ? 0 : difference / answers,
      servedOnly,
      referenceOnly,
      standardError: answers === 0 ? 0 : Math.sqrt(spread) / answers,
      answers,
    };
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
  lines.push(
    '',
    'Served − reference per language group, paired over the same texts (± one standard error):',
    '',
    '| set | language group | texts | right only as served | right only by the reference | served − reference |',
    '|---|---|---|---|---|---|',
  );
  for (const r of results)
    for (const g of groupGaps(r))
      lines.push(
        `| ${r.set} | ${g.group} | ${g.answers} | ${g.servedOnly} | ${g.referenceOnly} | ${(g.gap >= 0 ? '+' : '') + g.gap.toFixed(3)} ± ${g.standardError.toFixed(3)} |`,
      );
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
