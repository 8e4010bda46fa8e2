// npm run eval: zero-shot vs few-shot (k = 8) vs fine-tuned on the default encoder, on the labelled sets in eval/sets/; writes docs/model-quality.md.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '@textclass/server';
import { DEFAULT_ENCODER_ID, loadEncoderRegistry } from '@textclass/server/inference';
import {
  fewShot,
  fineTuned,
  languageTable,
  type MethodResult,
  observations,
  overallTable,
  prepareTask,
  qualityPage,
  readEvalSet,
  type SetSummary,
  zeroShot,
} from '@textclass/model-tools';

const SETS_DIR = resolve('eval/sets');
const OUTPUT = resolve('docs/model-quality.md');
const TASKS = ['support-intents', 'sentiment'];
/** Share of each (label, language) cell held out for testing, and the seed that fixes the split. */
const HOLDOUT = 0.4;
const SPLIT_SEED = 1;
const K = 8;
const FEW_SHOT_SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const registry = await loadEncoderRegistry({
    modelsDir: config.modelsDir,
    defaultId: config.defaultEncoder ?? DEFAULT_ENCODER_ID,
  });
  const encoder = registry.default;
  await encoder.warmup();
  log(`encoder ${encoder.id} (${encoder.dimension} dimensions)`);
  const results: MethodResult[] = [];
  const summaries: SetSummary[] = [];
  let validated = false;
  for (const name of TASKS) {
    const set = readEvalSet(SETS_DIR, name);
    const task = await prepareTask(set, encoder, HOLDOUT, SPLIT_SEED);
    const zero = await zeroShot(task, encoder);
    results.push({ task: name, method: 'zero-shot', runs: [zero.scores] });
    results.push({
      task: name,
      method: `few-shot, k = ${K} (${FEW_SHOT_SEEDS.length} draws)`,
      runs: FEW_SHOT_SEEDS.map((seed) => fewShot(task, K, seed)),
    });
    for (const architecture of ['linear', 'mlp'] as const) {
      const tuned = await fineTuned(task, { architecture, seed: SPLIT_SEED });
      validated ||= tuned.validated;
      log(
        `${name}: fine-tuned ${architecture} on ${task.train.length} examples × ${encoder.dimension} dimensions: ${tuned.epochs} epochs in ${tuned.seconds.toFixed(2)} s`,
      );
      results.push({
        task: name,
        method: architecture === 'linear' ? 'fine-tuned (logistic regression)' : 'fine-tuned (MLP, 64 hidden units)',
        runs: [tuned.scores],
      });
    }
    summaries.push({
      name,
      rows: set.rows.length,
      labels: set.labels.length,
      train: task.train.length,
      test: task.test.length,
      langs: [...new Set(set.rows.map((r) => r.lang))],
      logitScale: zero.logitScale,
    });
  }
  const langs = [...new Set(summaries.flatMap((s) => s.langs))];
  const tables = `${overallTable(results)}\n\nPer language (accuracy / macro-F1; few-shot: mean of the draws):\n\n${languageTable(results, langs)}`;
  process.stdout.write(`${tables}\n`);
  writeFileSync(
    OUTPUT,
    qualityPage({
      encoder: { id: encoder.id, dimension: encoder.dimension },
      sets: summaries,
      holdout: HOLDOUT,
      k: K,
      draws: FEW_SHOT_SEEDS.length,
      tables,
      observations: observations(results),
      validated,
    }),
  );
  log(`wrote ${OUTPUT}`);
  await registry.close();
}

await main();
