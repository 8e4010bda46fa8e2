// npm run eval: zero-shot, few-shot (English / in-language support) and fine-tuned heads per encoder, side by side, plus retrieval and speed.
// Usage: tsx scripts/eval-models.ts [--encoders a,b] [--sets DIR] [--out FILE]
// Defaults: static-multi-100d and the registry's default encoder if different; eval/sets; docs/model-quality.md for
// eval/sets, no page (tables on stdout only) for any other directory, such as the tuning sets in eval/dev.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Encoder } from '@textclass/server/core';
import { heldOutCoverage } from './lib/held-out-cutoffs.js';
import {
  type CoverageRow,
  coverageTable,
  embedAll,
  type EvalSet,
  type EncoderEvalItem,
  fewShot,
  fewShotReference,
  fineTuned,
  languageTable,
  type MethodResult,
  MULTILINGUAL_ENCODER_ID,
  type PreparedTask,
  overallTable,
  referenceTable,
  prepareTask,
  qualityPage,
  type QualityPage,
  readEvalSet,
  retrievalTop1,
  type SetSummary,
  throughput,
  zeroShot,
} from '@textclass/model-tools';
import { configuredEncoders } from './lib/configured-encoders.js';

const TASKS = ['support-intents', 'sentiment'];
/** Share of each (label, language) cell held out for testing, and the seed that fixes the split. */
const HOLDOUT = 0.4;
const SPLIT_SEED = 1;
/** The splits over which the fine-tuned served head is held against its reference again (the first is SPLIT_SEED). */
const SPLIT_SEEDS = [SPLIT_SEED, 2, 3, 4, 5];
const KS = [4, 8];
const FEW_SHOT_SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
/** Column order of the per-language tables; languages not listed follow, sorted. */
const LANG_ORDER = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh', 'sv', 'tr'];
const SENTENCES = new URL('./eval-encoder/sentences.json', import.meta.url);
const SPEED_ROUNDS = 3;
/** The target precision whose cut-offs the coverage table measures (fine-tuned heads, as a training fits them). */
const TARGET_PRECISION = 0.9;

const { values } = parseArgs({
  options: { encoders: { type: 'string' }, sets: { type: 'string' }, out: { type: 'string' } },
});
const setsDir = resolve(values.sets ?? 'eval/sets');
const output = values.out
  ? resolve(values.out)
  : setsDir === resolve('eval/sets')
    ? resolve('docs/model-quality.md')
    : undefined;
const log = (line: string) => process.stderr.write(`${line}\n`);

type Item = EncoderEvalItem<string>;
const items = JSON.parse(readFileSync(SENTENCES, 'utf8')) as Item[];
const retrievalLangs = Object.keys(items[0] ?? {}).filter((k) => !['en', 'para', 'intent'].includes(k));

async function retrieval(encoder: Encoder): Promise<QualityPage['retrieval'][number]> {
  const english = await embedAll(
    encoder,
    items.map((i) => i.en ?? ''),
  );
  const crossLingual: Array<{ lang: string; top1: number }> = [];
  for (const lang of retrievalLangs) {
    const vectors = await embedAll(
      encoder,
      items.map((i) => i[lang] ?? ''),
    );
    crossLingual.push({ lang, top1: retrievalTop1(vectors, english) });
  }
  const paraphrases = await embedAll(
    encoder,
    items.map((i) => i.para ?? ''),
  );
  return { encoder: encoder.id, crossLingual, paraphrase: retrievalTop1(paraphrases, english) };
}

type Recipe = QualityPage['recipes'][number];
type FineTunedScores = Record<'served' | 'reference', MethodResult['runs'][number]>;
const servedName = 'fine-tuned (served)';
const referenceName = 'reference: logistic regression, L2 by cross-validation';

/** The fine-tuned served head and its reference on another split of the set (its own training part, its own choice). */
async function fineTunedOnSplit(set: EvalSet, encoder: Encoder, seed: number): Promise<FineTunedScores> {
  const task = await prepareTask(set, encoder, HOLDOUT, seed);
  const served = await fineTuned(task, 'auto', seed);
  const reference = await fineTuned(task, 'linear', seed, 'text');
  log(
    `${encoder.id} ${set.name}, split ${seed}: served ${served.recipe} ${served.scores.all.accuracy?.toFixed(3)}, reference ${reference.scores.all.accuracy?.toFixed(3)}`,
  );
  return { served: served.scores, reference: reference.scores };
}
type ZeroShotRule = NonNullable<QualityPage['zeroShotRules']>[number];

/** Every method on one prepared set with one encoder, each served head followed by its reference. */
async function methodsOn(
  name: string,
  task: PreparedTask,
  encoder: Encoder,
): Promise<{
  results: MethodResult[];
  recipe: Recipe;
  coverage: CoverageRow;
  zeroShotRule?: ZeroShotRule;
  fineTunedScores: FineTunedScores;
}> {
  const result = (method: string, runs: MethodResult['runs'], reference?: string): MethodResult => ({
    task: name,
    method,
    encoder: encoder.id,
    runs,
    ...(reference ? { reference } : {}),
  });
  const zero = await zeroShot(task, encoder);
  log(
    `${encoder.id} ${name}: zero-shot scoring ${zero.scoring} (training part NLL: ${zero.choice ? `pooled ${zero.choice.nll_pooled}, mean ${zero.choice.nll_mean}` : 'too few texts to choose'}), scale ${zero.logitScale.toFixed(2)}`,
  );
  const results = [result('zero-shot', [zero.scores])];
  for (const support of ['english', 'in-language'] as const)
    for (const k of KS) {
      const draws = `k = ${k}, ${support === 'english' ? 'English' : 'in-language'} support`;
      const reference = `reference: nearest centroid, ${draws}`;
      results.push(
        result(
          `few-shot, ${draws}`,
          FEW_SHOT_SEEDS.map((seed) => fewShot(task, k, seed, support)),
          reference,
        ),
        result(
          reference,
          FEW_SHOT_SEEDS.map((seed) => fewShotReference(task, k, seed, support)),
        ),
      );
    }
  const served = await fineTuned(task, 'auto', SPLIT_SEED);
  const reference = await fineTuned(task, 'linear', SPLIT_SEED, 'text');
  for (const [what, tuned] of [
    ['served', served],
    ['reference', reference],
  ] as const)
    log(
      `${encoder.id} ${name}: ${what} head on ${task.train.length} examples: ${tuned.recipe}, T = ${tuned.temperature.toFixed(3)}, ${tuned.seconds.toFixed(1)} s (cross-validation included)`,
    );
  if (!served.outOfFold) throw new Error(`${encoder.id} ${name}: the served head brought no out-of-fold predictions`);
  const decided = heldOutCoverage(
    served.outOfFold,
    { rows: served.heldOut, gold: task.test.map((e) => e.label), groups: task.testLangs },
    task.labels.map((l) => l.name),
    TARGET_PRECISION,
  );
  log(
    `${encoder.id} ${name}: target precision ${TARGET_PRECISION}: ${decided.all.decided} of ${decided.all.texts} held-out texts decided, ${decided.all.right} right`,
  );
  results.push(result(servedName, [served.scores], referenceName), result(referenceName, [reference.scores]));
  return {
    results,
    recipe: { task: name, encoder: encoder.id, recipe: served.recipe, temperature: served.temperature },
    fineTunedScores: { served: served.scores, reference: reference.scores },
    ...(zero.choice
      ? {
          zeroShotRule: {
            task: name,
            encoder: encoder.id,
            chosen: zero.choice.chosen,
            nllPooled: zero.choice.nll_pooled,
            nllMean: zero.choice.nll_mean,
          },
        }
      : {}),
    coverage: {
      task: name,
      encoder: encoder.id,
      targetPrecision: TARGET_PRECISION,
      all: decided.all,
      byLang: decided.byGroup,
    },
  };
}

const orderLangs = (langs: Iterable<string>) => {
  const present = new Set(langs);
  return [...LANG_ORDER.filter((l) => present.has(l)), ...[...present].filter((l) => !LANG_ORDER.includes(l)).sort()];
};

async function main(): Promise<void> {
  const registry = await configuredEncoders();
  const ids = values.encoders
    ? values.encoders.split(',').map((id) => id.trim())
    : [...new Set([MULTILINGUAL_ENCODER_ID, registry.defaultId])];
  const sets = TASKS.map((name) => readEvalSet(setsDir, name));
  const langs = orderLangs(sets.flatMap((s) => s.rows.map((r) => r.lang)));
  const allTexts = sets.flatMap((s) => s.rows.map((r) => r.text));
  const results: MethodResult[] = [];
  const summaries: SetSummary[] = [];
  const encoders: QualityPage['encoders'] = [];
  const retrievals: QualityPage['retrieval'] = [];
  const recipes: Recipe[] = [];
  const zeroShotRules: ZeroShotRule[] = [];
  const coverage: CoverageRow[] = [];
  const splitResults: MethodResult[] = [];
  for (const id of ids) {
    const encoder = registry.get(id);
    await encoder.warmup();
    log(`encoder ${encoder.id} (${encoder.dimension} dimensions)`);
    for (const set of sets) {
      const task = await prepareTask(set, encoder, HOLDOUT, SPLIT_SEED);
      const done = await methodsOn(set.name, task, encoder);
      results.push(...done.results);
      recipes.push(done.recipe);
      if (done.zeroShotRule) zeroShotRules.push(done.zeroShotRule);
      coverage.push(done.coverage);
      const splits = [done.fineTunedScores];
      for (const seed of SPLIT_SEEDS.slice(1)) splits.push(await fineTunedOnSplit(set, encoder, seed));
      const overSplits = (method: string, key: keyof FineTunedScores, reference?: string): MethodResult => ({
        task: set.name,
        method,
        encoder: encoder.id,
        runs: splits.map((s) => s[key]),
        ...(reference ? { reference } : {}),
      });
      splitResults.push(overSplits(servedName, 'served', referenceName), overSplits(referenceName, 'reference'));
      if (summaries.length < sets.length)
        summaries.push({
          name: set.name,
          rows: set.rows.length,
          labels: set.labels.length,
          train: task.train.length,
          test: task.test.length,
          perLang: orderLangs(set.rows.map((r) => r.lang)).map((lang) => ({
            lang,
            texts: set.rows.filter((r) => r.lang === lang).length,
            heldOut: task.testLangs.filter((l) => l === lang).length,
          })),
          trainPerLabel: task.trainPerLabel,
        });
    }
    const row = await retrieval(encoder);
    retrievals.push(row);
    log(
      `${encoder.id} retrieval top-1: ${row.crossLingual.map((c) => `${c.lang}→en ${c.top1.toFixed(3)}`).join(', ')}, paraphrase ${row.paraphrase.toFixed(3)}`,
    );
    const textsPerSecond = await throughput(encoder, allTexts, 64, SPEED_ROUNDS);
    log(`${encoder.id}: ${Math.round(textsPerSecond)} texts/s (batches of 64, best of ${SPEED_ROUNDS})`);
    encoders.push({ id, dimension: encoder.dimension, isDefault: id === registry.defaultId, textsPerSecond });
  }
  process.stdout.write(
    `${overallTable(results)}\n\n${referenceTable(results)}\n\n${referenceTable(splitResults)}\n\n${languageTable(results, langs)}\n\n${coverageTable(coverage, langs)}\n`,
  );
  if (output) {
    writeFileSync(
      output,
      qualityPage({
        setsDir: relative(process.cwd(), setsDir) || '.',
        encoders,
        sets: summaries,
        holdout: HOLDOUT,
        ks: KS,
        draws: FEW_SHOT_SEEDS.length,
        results,
        langs,
        retrieval: retrievals,
        retrievalItems: items.length,
        speedTexts: allTexts.length,
        recipes,
        zeroShotRules,
        coverage,
        splits: { seeds: SPLIT_SEEDS, results: splitResults },
      }),
    );
    log(`wrote ${output}`);
  }
  await registry.close();
}

await main();
