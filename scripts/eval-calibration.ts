// npm run eval:calibration: the served fine-tuned head's calibration and its cut-offs' precision / coverage over several splits pooled, where sampling noise is smaller than on one split.
// Usage: tsx scripts/eval-calibration.ts [--encoders a,b] [--sets DIR] [--seeds N] [--zero-shot [--names-only]]
// --zero-shot: a zero-shot model instead, calibrated as an evaluation on a labelled set calibrates it (rule and
// temperature fitted on the training part), its ECE before and after measured on the held-out part; --names-only:
// its labels are their names alone (no descriptions or phrases), as a user may first create one. Beside the held-out
// accuracy it prints the accuracy the evaluation reports on the training part, in-sample and out of fold.
// One split of eval/sets holds out 320 intents and 108 sentiment texts, where a perfectly calibrated model shows an ECE
// of about 0.05 and 0.07 by chance (docs/model-quality.md gives that noise floor beside every ECE). Here each of N
// splits (seeds 1..N, 40 % of every label–language cell held out, as npm run eval) trains the head as a deployed
// model is trained, and the held-out predictions of all N are pooled: N times the texts, a floor about √N lower.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { eceNoiseFloor, expectedCalibrationError, reliabilityTable } from '@textclass/server/core';
import { fineTuned, prepareTask, readEvalSet } from '@textclass/model-tools';
import { heldOutCoverage } from './lib/held-out-cutoffs.js';
import { pooledCalibration, type SplitPredictions } from './lib/pooled-calibration.js';
import { zeroShotSplit } from './lib/zero-shot-split.js';
import { configuredEncoders } from './lib/configured-encoders.js';

const TASKS = ['support-intents', 'sentiment'];
const HOLDOUT = 0.4;
/** The target precision the cut-offs are fitted to (as npm run eval's coverage table). */
const TARGET_PRECISION = 0.9;

const { values } = parseArgs({
  options: {
    encoders: { type: 'string' },
    sets: { type: 'string' },
    seeds: { type: 'string' },
    'zero-shot': { type: 'boolean' },
    'names-only': { type: 'boolean' },
  },
});
const setsDir = resolve(values.sets ?? 'eval/sets');
const seeds = Number(values.seeds ?? 5);
if (!Number.isInteger(seeds) || seeds < 1) throw new Error(`--seeds must be a positive integer, got ${values.seeds}`);
const round = (x: number | null) => (x === null ? '-' : x.toFixed(3));

async function main(): Promise<void> {
  const registry = await configuredEncoders();
  const ids = values.encoders ? values.encoders.split(',').map((id) => id.trim()) : [registry.defaultId];
  if (values['zero-shot']) return zeroShot(ids.map((id) => registry.get(id)));
  console.log(
    `| set | encoder | splits | held-out predictions | accuracy | ECE per split (floor) | pooled ECE (floor) |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  for (const id of ids) {
    const encoder = registry.get(id);
    await encoder.warmup();
    for (const name of TASKS) {
      const set = readEvalSet(setsDir, name);
      const splits: SplitPredictions[] = [];
      const decided: Array<{ texts: number; decided: number; right: number }> = [];
      for (let seed = 1; seed <= seeds; seed += 1) {
        const task = await prepareTask(set, encoder, HOLDOUT, seed);
        const tuned = await fineTuned(task, 'auto', seed);
        splits.push({ probabilities: tuned.heldOut, gold: task.test.map((e) => e.label) });
        if (!tuned.outOfFold)
          throw new Error(`${name} ${id} seed ${seed}: the served head brought no out-of-fold predictions`);
        const coverage = heldOutCoverage(
          tuned.outOfFold,
          { rows: tuned.heldOut, gold: task.test.map((e) => e.label), groups: task.testLangs },
          task.labels.map((l) => l.name),
          TARGET_PRECISION,
        );
        decided.push(coverage.all);
        process.stderr.write(`${name} ${id} seed ${seed}: ${tuned.recipe}, T = ${tuned.temperature.toFixed(2)}\n`);
      }
      const pooled = pooledCalibration(splits, { reliabilityTable, expectedCalibrationError, eceNoiseFloor });
      const perSplit = pooled.splits.map((s) => `${round(s.ece)} (${round(s.floor)})`).join(', ');
      const share = (d: { texts: number; decided: number; right: number }) =>
        `${round(d.decided === 0 ? null : d.right / d.decided)} / ${round(d.decided / d.texts)}`;
      const total = decided.reduce(
        (sum, d) => ({ texts: sum.texts + d.texts, decided: sum.decided + d.decided, right: sum.right + d.right }),
        { texts: 0, decided: 0, right: 0 },
      );
      console.log(
        `| ${name} | ${id} | ${seeds} | ${pooled.count} | ${pooled.accuracy.toFixed(3)} | ${perSplit} | **${round(pooled.ece)}** (${round(pooled.floor)}) | ${decided.map(share).join(', ')} | **${share(total)}** |`,
      );
    }
  }
}

/** A zero-shot model's held-out ECE uncalibrated (pooled, scale 20) and after an evaluation on the training part calibrated it. */
async function zeroShot(encoders: Array<Parameters<typeof zeroShotSplit>[1]>): Promise<void> {
  const measures = { reliabilityTable, expectedCalibrationError, eceNoiseFloor };
  console.log(
    `| set | encoder | splits | held-out predictions | accuracy before → after | accuracy reported: in-sample → out of fold (mean) | rule, T per split | ECE reported (out of fold, mean) | **held-out ECE before → after** (floor) |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  for (const encoder of encoders) {
    await encoder.warmup();
    for (const name of TASKS) {
      const read = readEvalSet(setsDir, name);
      const set = values['names-only']
        ? { ...read, labels: read.labels.map((l) => ({ name: l.name, descriptions: [] })) }
        : read;
      const before: SplitPredictions[] = [];
      const after: SplitPredictions[] = [];
      const fits: string[] = [];
      const reported: number[] = [];
      const inSample: number[] = [];
      const outOfFold: number[] = [];
      for (let seed = 1; seed <= seeds; seed += 1) {
        const split = await zeroShotSplit(await prepareTask(set, encoder, HOLDOUT, seed), encoder);
        before.push({ probabilities: split.before, gold: split.gold });
        after.push({ probabilities: split.after, gold: split.gold });
        fits.push(`${split.scoring} ${split.temperature.toFixed(3)}`);
        if (split.reportedEce !== null) reported.push(split.reportedEce);
        inSample.push(split.inSampleAccuracy);
        outOfFold.push(split.reportedAccuracy);
      }
      const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
      const b = pooledCalibration(before, measures);
      const a = pooledCalibration(after, measures);
      const meanReported = reported.length === 0 ? null : reported.reduce((x, y) => x + y, 0) / reported.length;
      console.log(
        `| ${name}${values['names-only'] ? ', names only' : ''} | ${encoder.id} | ${seeds} | ${a.count} | ${b.accuracy.toFixed(3)} → ${a.accuracy.toFixed(3)} | ${round(mean(inSample))} → ${round(mean(outOfFold))} | ${fits.join(', ')} | ${round(meanReported)} | **${round(b.ece)} → ${round(a.ece)}** (${round(a.floor)}) |`,
      );
    }
  }
}

await main();
