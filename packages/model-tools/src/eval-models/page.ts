// docs/model-quality.md: what was measured and how, the tables, and what they do and do not say.

export interface SetSummary {
  name: string;
  rows: number;
  labels: number;
  train: number;
  test: number;
  langs: string[];
  /** The zero-shot softmax scale calibrated on the training part. */
  logitScale: number;
}

export interface QualityPage {
  encoder: { id: string; dimension: number };
  sets: SetSummary[];
  holdout: number;
  k: number;
  draws: number;
  tables: string;
  observations: string[];
  /** Whether the fine-tuned heads stopped on a validation slice (else on the training loss). */
  validated: boolean;
}

export function qualityPage(page: QualityPage): string {
  const total = page.sets.reduce((a, s) => a + s.rows, 0);
  const sets = page.sets
    .map(
      (s) =>
        `- \`eval/sets/${s.name}.jsonl\`: ${s.rows} texts, ${s.labels} labels, languages ${s.langs.join(', ')}; ${s.train} for training, ${s.test} held out`,
    )
    .join('\n');
  return `# Model quality

Produced by \`npm run eval\` (scripts/eval-models.ts); do not edit by hand. Rerun it after changing the encoder,
the heads or the sets: the output is deterministic for a given encoder.

## What is measured

The labelled sets were written for this project (not taken from a benchmark): ${total} short texts, support
requests and everyday reviews, written by hand in each language rather than translated word for word.

${sets}

Each set is split once, stratified by label and language together (${Math.round(page.holdout * 100)} % of every
label–language cell held out, fixed seed), and all methods are scored on the same held-out texts:

- **zero-shot**: the label descriptions in \`eval/sets/<set>.labels.json\` (English) embedded as prototypes, as
  a deployed zero-shot model scores them; the softmax scale is calibrated on the training part (it changes the
  confidences, not which label wins).
- **few-shot, k = ${page.k}**: ${page.k} examples of each label drawn at random from the training part, the
  few-shot head (prototypes at a leave-one-out calibrated scale, refined by logistic regression held close to
  them); mean ± standard deviation over ${page.draws} draws.
- **fine-tuned**: the training head on the whole training part, as logistic regression and as a
  one-hidden-layer MLP (class-balanced weights, L2, mini-batch Adam). It stops early on a validation slice
  carved from the training part once that slice would hold at least 5 examples of every label, else when the
  training loss stops falling; ${page.validated ? 'here a validation slice was carved' : 'these sets are too small for a slice, so the latter applies here'}.

Encoder: \`${page.encoder.id}\` (${page.encoder.dimension} dimensions), the default encoder loaded as the server
loads it (\`TEXTCLASS_DEFAULT_ENCODER\` and \`TEXTCLASS_MODELS_DIR\` apply).

## Results

${page.tables}

## Reading the numbers

${page.observations.map((o) => `- ${o}`).join('\n')}
- Chance is ${page.sets.map((s) => `${(1 / s.labels).toFixed(3)} for ${s.name} (${s.labels} labels)`).join(' and ')}. A language whose
  row sits near chance is one the encoder does not understand: its texts become vectors of the few tokens the
  encoder knows (names, numbers, borrowed words), and no head can recover what the encoder lost.
- The few-shot head has one setting (how strongly the refinement is held to the prototypes) that was chosen
  while looking at this set, so its row is slightly optimistic; the fine-tuned heads run with their defaults.
- The held-out sets are small (${page.sets.map((s) => `${s.test} texts for ${s.name}`).join(', ')}); one text is
  worth ${page.sets.map((s) => `${(100 / s.test).toFixed(1)} points of accuracy on ${s.name}`).join(' and ')}, and four
  times as much in a per-language figure. Differences of a few points are within noise; the few-shot
  spread shows how much the choice of the ${page.k} examples alone moves the result.
- The texts are short and each carries one clear intent or sentiment; real tickets are longer, mix intents and
  are noisier, so expect lower numbers on production data. Treat this table as a comparison of methods on
  one encoder, not as a promise for a given deployment.
`;
}
