// npm run bench:training: one fine-tuned training's head fitting on 528 examples, the earlier recipe and today's, side by side.
// Usage: tsx scripts/bench-training.ts [--encoder ID] [--examples N] [--rounds R]
// The examples are the first N of eval/sets/support-intents.jsonl in a seeded stratified order, embedded once (not timed);
// each recipe then runs on the same embeddings, best of R rounds, as wall-clock and as this process's CPU seconds. The
// set's 8 labels leave about 53 training texts a label, too few for 'auto' to try the MLP; the same count over 6 of the
// labels (about 70 a label, the shape of a 6-intent model) is where it does, so those rows time the MLP as well.
// A training job runs its cross-validation folds on two threads (foldsOnTwoThreads); the rows marked so time that,
// beside the same fit with its folds one after another, and print the ratio (the heads are the same).
import { parseArgs } from 'node:util';
import {
  clauseFeatures,
  fitHead,
  stratifiedSplit,
  trainHead,
  type Encoder,
  type LabelledEmbedding,
} from '@textclass/server/core';
import { foldsOnTwoThreads } from '@textclass/server/head-fitting';
import { embedAll, readEvalSet } from '@textclass/model-tools';
import { configuredEncoders } from './lib/configured-encoders.js';

const { values } = parseArgs({
  options: { encoder: { type: 'string' }, examples: { type: 'string' }, rounds: { type: 'string' } },
});
const count = Number(values.examples ?? 528);
const rounds = Number(values.rounds ?? 1);
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The recipe before cross-validation: mini-batch Adam on 80 %, early stopping (patience 30), refit on all for the best epoch. */
async function earlierRecipe(examples: LabelledEmbedding[], labels: string[]): Promise<void> {
  const split = stratifiedSplit(
    examples.map((e) => e.label),
    0.2,
    1,
  );
  const evaluated = await trainHead(
    split.train.map((i) => examples[i] as LabelledEmbedding),
    labels,
    { seed: 1, patience: 30 },
  );
  const refitEpochs = Math.max(1, evaluated.stoppedEarly ? evaluated.epochs - 30 : evaluated.epochs);
  await trainHead(examples, labels, {
    seed: 1,
    maxEpochs: refitEpochs,
    validationFraction: 0,
    patience: Number.POSITIVE_INFINITY,
  });
}

/** Best wall-clock and CPU seconds over the rounds. */
async function time(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  let best = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
  for (let r = 0; r < rounds; r += 1) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpu);
    best = {
      wall: Math.min(best.wall, (performance.now() - started) / 1000),
      cpu: Math.min(best.cpu, (used.user + used.system) / 1e6),
    };
  }
  return best;
}

/** `count` examples of the set's first `labelCount` labels, stratified, embedded with their clause features. */
async function sample(encoder: Encoder, labelCount: number) {
  const set = readEvalSet('eval/sets', 'support-intents');
  const labels = set.labels.map((l) => l.name).slice(0, labelCount);
  const rows = set.rows.filter((r) => labels.includes(r.label));
  const gold = rows.map((r) => labels.indexOf(r.label));
  // A stratified sample: the held-out part of a split sized to keep `count` rows, every label in proportion.
  const keep = stratifiedSplit(gold, Math.min(0.999, count / rows.length), 7).holdout.slice(0, count);
  const texts = keep.map((i) => rows[i]?.text ?? '');
  const embeddings = await embedAll(encoder, texts);
  const clauses = await clauseFeatures(texts, embeddings, (parts) => embedAll(encoder, parts));
  const textOnly = keep.map((i, j) => ({ embedding: embeddings[j] as Float32Array, label: gold[i] as number }));
  // What a training job fits on: every example with its clause features too (cross-validation weighs both).
  const examples = textOnly.map((e, j) => ({ ...e, clauses: clauses[j] as Float32Array }));
  return { labels, textOnly, examples };
}

async function main(): Promise<void> {
  const registry = await configuredEncoders();
  const encoder = registry.get(values.encoder ?? registry.defaultId);
  const { labels, textOnly, examples } = await sample(encoder, 8);
  const six = await sample(encoder, 6);
  log(`${examples.length} examples, ${labels.length} labels (and 6), ${encoder.id} (${encoder.dimension} dimensions)`);
  const rows: Array<[string, { wall: number; cpu: number }]> = [
    ['earlier: mini-batch Adam, early stopping, refit', await time(() => earlierRecipe(textOnly, labels))],
    [
      'text only (auto): 5-fold CV over 5 logistic regressions + MLP, calibration, held-out fit, served fit',
      await time(() => fitHead(textOnly, labels, { kind: 'fine-tuned', seed: 1 })),
    ],
    [
      'now (auto): the same CV for the text and for text + clauses, calibration, held-out fit, served fit',
      await time(() => fitHead(examples, labels, { kind: 'fine-tuned', seed: 1 })),
    ],
    [
      'now (linear): 5-fold CV over 5 logistic regressions for both feature sets, calibration, held-out fit, served fit',
      await time(() => fitHead(examples, labels, { kind: 'fine-tuned', seed: 1, train: { architecture: 'linear' } })),
    ],
    [
      '6 labels, now (auto): both feature sets, then the MLP on the chosen one',
      await time(() => fitHead(six.examples, six.labels, { kind: 'fine-tuned', seed: 1 })),
    ],
    [
      '6 labels, now (auto), nothing held out: the same on all 528',
      await time(() => fitHead(six.examples, six.labels, { kind: 'fine-tuned', seed: 1, holdoutFraction: 0 })),
    ],
  ];
  const twoThreads = foldsOnTwoThreads();
  const threaded: Array<[string, { wall: number; cpu: number }, number]> = [
    [
      'now (auto), folds on two threads',
      await time(() => fitHead(examples, labels, { kind: 'fine-tuned', seed: 1, runFolds: twoThreads })),
      2,
    ],
    [
      '6 labels, now (auto), folds on two threads (a training job as it runs)',
      await time(() => fitHead(six.examples, six.labels, { kind: 'fine-tuned', seed: 1, runFolds: twoThreads })),
      4,
    ],
    [
      '6 labels, now (auto), nothing held out, folds on two threads',
      await time(() =>
        fitHead(six.examples, six.labels, { kind: 'fine-tuned', seed: 1, holdoutFraction: 0, runFolds: twoThreads }),
      ),
      5,
    ],
  ];
  log('| recipe | wall-clock s | CPU s | a training under 30 s |\n|---|---|---|---|');
  for (const [name, t] of rows)
    log(`| ${name} | ${t.wall.toFixed(1)} | ${t.cpu.toFixed(1)} | ${t.wall < 30 ? 'met' : 'missed'} |`);
  for (const [name, t, oneThread] of threaded) {
    const ratio = ((rows[oneThread] as [string, { wall: number }])[1].wall / t.wall).toFixed(2);
    log(
      `| ${name}: ${ratio}× as fast as its folds on one thread | ${t.wall.toFixed(1)} | ${t.cpu.toFixed(1)} | ${t.wall < 30 ? 'met' : 'missed'} |`,
    );
  }
  await registry.close();
}

await main();
