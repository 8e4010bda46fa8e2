// Cut-offs fitted to a target precision, measured on held-out texts: per label, the precision of the auto-decided texts and their coverage.
// Usage: tsx scripts/eval-cutoffs.ts [--sets DIR] [--set NAME] [--target 0.9] [--encoder ID] [--z 0,1,1.645] (default: the served z)
// The split and the served head are those of `npm run eval` (40 % of each label × language cell held out, seed 1; a
// fine-tuned linear head fitted as a training job fits it); the cut-offs are fitted as a training with a target
// precision fits them, on out-of-fold predictions of the training part only, then applied to the held-out part.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CUTOFF_WILSON_Z, featureRow, fitHead, fitLabelCutoffs, forward } from '@textclass/server/core';
import { prepareTask, readEvalSet } from '@textclass/model-tools';
import { decidedByCutoff, decidedByGroup, heldOutTops } from './lib/held-out-cutoffs.js';
import { configuredEncoders } from './lib/configured-encoders.js';

const HOLDOUT = 0.4;
const SPLIT_SEED = 1;

const { values } = parseArgs({
  options: {
    sets: { type: 'string' },
    set: { type: 'string' },
    target: { type: 'string' },
    encoder: { type: 'string' },
    z: { type: 'string' },
  },
});
const setsDir = resolve(values.sets ?? 'eval/dev');
const setName = values.set ?? 'support-intents';
const target = Number(values.target ?? '0.9');
const zs = (values.z ?? String(CUTOFF_WILSON_Z)).split(',').map(Number);
const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)} %`);

async function main(): Promise<void> {
  const registry = await configuredEncoders();
  const encoder = registry.get(values.encoder ?? registry.defaultId);
  await encoder.warmup();
  const set = readEvalSet(setsDir, setName);
  const task = await prepareTask(set, encoder, HOLDOUT, SPLIT_SEED);
  const labels = task.labels.map((l) => l.name);
  const fitStarted = performance.now();
  const fitted = await fitHead(task.train, labels, { kind: 'fine-tuned', holdoutFraction: 0.2, seed: SPLIT_SEED });
  process.stderr.write(
    `fitHead (cross-validation included) ${((performance.now() - fitStarted) / 1000).toFixed(1)} s\n`,
  );
  const outOfFold = fitted.outOfFold;
  if (!outOfFold) throw new Error('the fit brought no out-of-fold predictions (too few examples per label for folds)');
  const rows = forward(
    fitted.parameters,
    task.test.map((e) => featureRow(e, fitted.choice?.features ?? 'text')),
  );
  const tops = heldOutTops(
    rows,
    task.test.map((e) => e.label),
  );
  const accuracy = tops.filter((t) => t.correct).length / tops.length;
  process.stdout.write(
    `${setsDir}/${setName}, encoder ${encoder.id}: ${task.train.length} training texts, ${task.test.length} held out; ` +
      `served head accuracy ${pct(accuracy)}; target precision ${target}\n`,
  );
  for (const z of zs) {
    const { cutoffs, summary } = fitLabelCutoffs(outOfFold.probabilities, outOfFold.gold, labels, target, z);
    process.stdout.write(
      `\nz = ${z}: out-of-fold expected precision ${pct(summary.expected_precision)}, coverage ${pct(summary.coverage)}\n`,
    );
    process.stdout.write(
      '| label | cut-off | OOF precision | OOF coverage | held-out predicted | decided | held-out precision | held-out coverage |\n|---|---|---|---|---|---|---|---|\n',
    );
    let decidedAll = 0;
    let rightAll = 0;
    labels.forEach((label, l) => {
      const cut = cutoffs[label]!;
      const { predicted, decided, right } = decidedByCutoff(tops, l, cut.threshold);
      decidedAll += decided;
      rightAll += right;
      process.stdout.write(
        `| ${label} | ${cut.threshold} | ${pct(cut.expected_precision)} | ${pct(cut.coverage)} | ${predicted} | ${decided} | ` +
          `${pct(decided ? right / decided : null)} | ${pct(predicted ? decided / predicted : null)} |\n`,
      );
    });
    process.stdout.write(
      `| **all** | | ${pct(summary.expected_precision)} | ${pct(summary.coverage)} | ${tops.length} | ${decidedAll} | ` +
        `${pct(decidedAll ? rightAll / decidedAll : null)} | ${pct(decidedAll / tops.length)} |\n`,
    );
    const byLang = decidedByGroup(
      tops,
      task.testLangs,
      labels.map((label) => cutoffs[label]!.threshold),
    );
    process.stdout.write(
      '\n| language | held out | decided | held-out precision | held-out coverage |\n|---|---|---|---|---|\n',
    );
    for (const [lang, n] of byLang)
      process.stdout.write(
        `| ${lang} | ${n.texts} | ${n.decided} | ${pct(n.decided ? n.right / n.decided : null)} | ${pct(n.decided / n.texts)} |\n`,
      );
  }
  await registry.close();
}

await main();
