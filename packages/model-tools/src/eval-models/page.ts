// docs/model-quality.md: what was measured and how, the tables for every encoder side by side, and what they do and do not say.
import { coverageTable, type CoverageRow } from './coverage-table.js';
import { retrievalTable, roughRate, type RetrievalRow } from './encoder-report.js';
import { languageTable, observations, overallTable, referenceTable, type MethodResult } from './report.js';

export interface SetSummary {
  name: string;
  rows: number;
  labels: number;
  train: number;
  test: number;
  /** Texts and held-out texts per language, in the order the page lists languages. */
  perLang: Array<{ lang: string; texts: number; heldOut: number }>;
  /** Per language, the fewest training texts any label has there (the cap on an in-language draw). */
  trainPerLabel: Map<string, number>;
}

export interface EncoderSummary {
  id: string;
  dimension: number;
  /** Whether the registry names it the default encoder. */
  isDefault: boolean;
  /** encoder.embed over the sets' texts in batches of 64, best of a few rounds. */
  textsPerSecond: number;
}

export interface QualityPage {
  /** The sets' directory as the page names it, e.g. "eval/sets". */
  setsDir: string;
  encoders: EncoderSummary[];
  sets: SetSummary[];
  holdout: number;
  ks: number[];
  draws: number;
  results: MethodResult[];
  /** Column order of the per-language tables. */
  langs: string[];
  retrieval: RetrievalRow[];
  /** Sentences in the retrieval set. */
  retrievalItems: number;
  /** Texts embedded per speed round. */
  speedTexts: number;
  /** Per set and encoder, the recipe cross-validation chose for the served fine-tuned head, e.g. "mlp 32". */
  recipes: Array<{ task: string; encoder: string; recipe: string; temperature: number }>;
  /** Per set and encoder, the zero-shot scoring rule chosen on the training part and each rule's likelihood there. */
  zeroShotRules?: Array<{ task: string; encoder: string; chosen: string; nllPooled: number; nllMean: number }>;
  /** Per set and encoder, the served fine-tuned head's cut-offs at a target precision, measured held out. */
  coverage: CoverageRow[];
  /** The fine-tuned served head and its reference again over several splits (one run per split's seed). */
  splits?: { seeds: number[]; results: MethodResult[] };
}

/** The served-against-reference table over several splits, when the page has it. */
function splitsSection(page: QualityPage): string {
  if (!page.splits) return '';
  const { seeds, results } = page.splits;
  const heldOut = page.sets.flatMap((s) => s.perLang.map((l) => l.heldOut)).filter((n) => n > 0);
  const pointRange = range(heldOut.map((n) => Number((100 / n / seeds.length).toFixed(1)))).replace('–', ' to ');
  return `
One held-out language holds a few texts, so the worst language of a single split is mostly chance. The same
fine-tuned comparison over ${seeds.length} splits (seeds ${seeds.join(', ')}; the split above is seed ${seeds[0]}), each split
stratified as above and each head chosen and fitted on its own training part; accuracy and each language's
difference are means over the splits (one text of a language moves its mean by ${pointRange} points):

${referenceTable(results)}
`;
}

/** " Chosen here: sentiment / `enc`: mean (NLL 0.61 vs pooled 0.70); …" or nothing without choices. */
function zeroShotRules(page: QualityPage): string {
  if (!page.zeroShotRules?.length) return '';
  const rules = page.zeroShotRules.map(
    (r) =>
      `${r.task} / \`${r.encoder}\`: ${r.chosen} (NLL pooled ${r.nllPooled.toFixed(3)}, mean ${r.nllMean.toFixed(3)})`,
  );
  return ` Chosen here: ${rules.join('; ')}.`;
}

/** The target precisions of the coverage table, e.g. "0.9". */
const targets = (page: QualityPage): string => [...new Set(page.coverage.map((c) => c.targetPrecision))].join('`, `');

/** "en 10, de 5, fr 5" grouped by value: "en 10; de, fr 5". */
function groupedCaps(caps: Map<string, number>, langs: readonly string[]): string {
  const byValue = new Map<number, string[]>();
  for (const lang of langs) {
    const cap = caps.get(lang);
    if (cap !== undefined) byValue.set(cap, [...(byValue.get(cap) ?? []), lang]);
  }
  return [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([cap, ls]) => `${ls.join(', ')} ${cap}`)
    .join('; ');
}

function setLines(page: QualityPage): string {
  return page.sets
    .map(
      (s) =>
        `- \`${page.setsDir}/${s.name}.jsonl\`: ${s.rows} texts, ${s.labels} labels (${s.perLang.map((l) => `${l.lang} ${l.texts}`).join(', ')}); ` +
        `${s.train} for training, ${s.test} held out`,
    )
    .join('\n');
}

function encoderLines(page: QualityPage): string {
  return page.encoders
    .map((e) => `- \`${e.id}\` (${e.dimension} dimensions)${e.isDefault ? ", the registry's default encoder" : ''}`)
    .join('\n');
}

/** Which sets are for tuning and which for reporting (eval/README.md), said from the point of view of this page's sets. */
function tuningNote(setsDir: string): string {
  return setsDir === 'eval/sets'
    ? 'Settings are tuned on the separate tuning sets in `eval/dev/` (same labels and languages, different texts) and\n' +
        'reported here; see `eval/README.md`.'
    : `These are not the reported sets (\`eval/sets/\`): a page over \`${setsDir}\` is for tuning only; see \`eval/README.md\`.`;
}

/** "3" when all counts agree, else "min–max". */
function range(counts: readonly number[]): string {
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high ? String(low) : `${low}–${high}`;
}

export function qualityPage(page: QualityPage): string {
  const total = page.sets.reduce((a, s) => a + s.rows, 0);
  const [k1 = 4, k2 = 8] = page.ks;
  const caps = page.sets.map((s) => `${s.name}: ${groupedCaps(s.trainPerLabel, page.langs)}`).join('; ');
  const heldOut = page.sets.flatMap((s) => s.perLang.map((l) => l.heldOut)).filter((n) => n > 0);
  const perLangSizes = page.sets.map((s) => `${s.name} ${range(s.perLang.map((l) => l.heldOut))}`).join(', ');
  const pointRange = range(heldOut.map((n) => Math.round(100 / n))).replace('–', ' to ');
  const speed = page.encoders.map((e) => `\`${e.id}\` about ${roughRate(e.textsPerSecond)} texts/s`).join(', ');
  return `# Model quality

Produced by \`npm run eval\` (scripts/eval-models.ts); do not edit by hand. Rerun it after changing an encoder, the
heads or the sets. Everything on this page is deterministic for a given encoder except the speed line.

## What is measured

The labelled sets were written by hand for this project (not taken from a benchmark, not translated word for
word between languages): ${total} short texts, support requests and everyday reviews, about one in ten
deliberately hard (typos, very short texts, mixed intents labelled by the dominant one, negation, sarcasm).

${setLines(page)}

${tuningNote(page.setsDir)}

Each set is split once, stratified by label and language together (${Math.round(page.holdout * 100)} % of every
label–language cell held out, fixed seed), and every method is scored on the same held-out texts:

- **zero-shot**: each label's name, its English descriptions and phrases (\`<set>.labels.json\`) embedded, a
  text scored against them as a deployed zero-shot model does (the server's \`scoreEmbedding\`; variants compared
  by \`scripts/eval-zero-shot.ts\`): its similarities pooled by weight (a soft nearest text) or the cosine to the
  label's mean direction, whichever rule has the lower negative log-likelihood on the training part after its own
  temperature fit, at that rule's calibrated softmax scale.${zeroShotRules(page)}
- **few-shot, English support**: k = ${k1} or ${k2} examples of each label drawn at random from the *English*
  training texts only, the few-shot head (prototypes at a leave-one-out calibrated scale, refined by logistic
  regression held close to them), applied to the held-out texts of every language: how far English examples
  carry to other languages; its confidences are temperature-scaled on the support's out-of-fold predictions, as a
  trained few-shot model's are, when there are at least 50 of them (the supports here have fewer, so they keep the
  head's own scale; that cut was set after seeing this page's few-shot ECE, since eval/dev's supports are too small
  to show it, so read those cells as optimistic). Mean over ${page.draws} draws. Its *reference* (same draws) is the nearest centroid:
  each label's mean direction, the most cosine-similar wins.
- **few-shot, in-language support**: the same head, but for each language k examples of each label drawn from
  *that language's* training texts, applied to that language's held-out texts. A label has only so many training
  texts in a language, and a draw takes at most those (${caps}), so "k = ${k2}" is below ${k2} in most
  languages. Mean over ${page.draws} draws.
- **fine-tuned (served)**: the head a fine-tuned model serves, built as training builds it on the whole training
  part (all languages): stratified 5-fold cross-validation on the training texts chooses the recipe among a
  full-batch L2 multinomial logistic regression (class-balanced, fitted to convergence by L-BFGS) at five L2
  strengths from 1e-4 to 1e-2 and a one-hidden-layer MLP (32 units, mini-batch Adam, early stopping; tried once every label has about 63 training texts); the lowest
  out-of-fold log-loss after temperature scaling wins (the MLP only when it beats the best logistic regression by more
  than one standard error of their per-example difference), is fitted on every training text, and its confidences are
  divided by the temperature fitted on its out-of-fold predictions. The logistic regressions are cross-validated
  twice: on each text's embedding, and on that embedding beside those of its opening clause and the rest (split at the
  first comma, semicolon or colon: "Great, | the train is cancelled again"); the feature set whose best one has the
  lower out-of-fold log-loss is read ("+clauses" below), and the MLP is cross-validated on that set only. Chosen here: ${page.recipes
    .map((r) => `${r.task} / \`${r.encoder}\`: ${r.recipe}, T = ${r.temperature.toFixed(2)}`)
    .join('; ')}.
- **reference: logistic regression**: the textbook fit the served head is held against, full-batch L2 logistic
  regression on the same frozen embeddings of the texts (no clause features) with its L2 chosen by the same
  cross-validation (no MLP, no early stopping). The served head should stay within one point of it on every set and
  language.

ECE is the expected calibration error of the top confidence on the held-out texts (10 equal-width bins): before
is the uncalibrated softmax (zero-shot: the default scale 20), after the confidences as served. In brackets, the
noise floor: the ECE a perfectly calibrated model would show by chance on as many texts with the served confidences
(mean of 400 simulated labellings in which each top label is right with exactly its confidence; models report it as
\`metrics.calibration.ece_noise_floor\`). An ECE near its floor is as calibrated as that many texts can show.

Encoders, each loaded through the server's encoder registry as the server loads it (\`TEXTCLASS_DEFAULT_ENCODER\`
and \`TEXTCLASS_MODELS_DIR\` apply):

${encoderLines(page)}

## Results

Accuracy and macro-F1 on all held-out texts (few-shot: mean ± standard deviation over the draws):

${overallTable(page.results)}

Every served head against its reference (accuracy on all held-out texts, and the language where the served
head trails its reference most):

${referenceTable(page.results)}
${splitsSection(page)}
Accuracy per language (few-shot: mean of the draws):

${languageTable(page.results, page.langs)}

Auto-decided texts of the fine-tuned (served) head with \`target_precision: ${targets(page)}\`: the cut-offs are
fitted as a training with that target fits them (per label, on the recipe's out-of-fold predictions of the
training part, calibrated as served), then applied to the held-out texts. Precision is the share of right
labels among the held-out texts whose top label clears its cut-off; coverage is their share of all held-out
texts ("–": none decided):

${coverageTable(page.coverage, page.langs)}

### Retrieval

Top-1 retrieval over the ${page.retrievalItems} parallel sentences of \`scripts/eval-encoder/sentences.json\`
(support tickets and everyday statements, each in every language plus an English paraphrase; the set
\`npm run eval:encoder\` uses): the share of a language's sentences whose most similar English sentence (of
${page.retrievalItems}) is their own translation, ties counted as misses; and the same for the English
paraphrases against the English originals.

${retrievalTable(page.retrieval)}

### Speed

A rough figure, the one on this page that changes from run to run and machine to machine: \`encoder.embed\`
over all ${page.speedTexts} texts of the sets (all languages mixed) in batches of 64, one process, best of 3
rounds, rounded to two significant figures: ${speed}.

## Reading the numbers

${observations(page.results)
  .map((o) => `- ${o}`)
  .join('\n')}
- Chance is ${page.sets.map((s) => `${(1 / s.labels).toFixed(3)} for ${s.name} (${s.labels} labels)`).join(' and ')}. A
  language whose row sits near chance is one the encoder does not understand: no head can recover what the
  encoder lost.
- The held-out sets are small: one text is worth ${page.sets.map((s) => `${(100 / s.test).toFixed(2)} points of overall accuracy on ${s.name}`).join(' and ')}.
  A language holds only a few held-out texts (${perLangSizes}), so one text moves a per-language figure
  by ${pointRange} points: read the per-language tables for large gaps, not for differences of a few points.
- The in-language few-shot rows draw from a handful of texts per label (see the caps above), so their draws
  overlap heavily and their spread understates the noise; in English they equal the English-support rows.
- The few-shot head has one setting (how strongly the refinement is held to the prototypes) that was chosen
  while looking at an earlier, smaller version of these sets, so its rows may be slightly optimistic; the
  fine-tuned recipe grid was set on \`eval/dev\`.
- Real tickets are longer and noisier than these texts; treat the tables as a comparison of methods and
  encoders on the same texts, not as a promise for a given deployment.
`;
}
