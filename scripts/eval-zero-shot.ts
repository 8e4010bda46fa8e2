// Zero-shot scoring variants side by side (mean direction, nearest text, pooled, centred, margin) on every text of a set.
// Usage: tsx scripts/eval-zero-shot.ts [--encoders a,b] [--sets DIR] [--labels sentiment=FILE,...]
// Tune on eval/dev (the default); report on eval/sets once. Each row is accuracy on all texts of the set (zero-shot
// learns nothing from them), overall and per language group.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@textclass/server';
import {
  buildPrototypes,
  DEMO_MODELS,
  type Encoder,
  type LabelDefinition,
  labelTexts,
  scoreEmbedding,
} from '@textclass/server/core';
import { DEFAULT_ENCODER_ID, loadEncoderRegistry } from '@textclass/server/inference';
import { embedAll, MULTILINGUAL_ENCODER_ID, readEvalSet } from '@textclass/model-tools';

const TASKS = ['support-intents', 'sentiment'];
const GROUPS: Record<string, string[]> = {
  en: ['en'],
  'de fr es it pt nl': ['de', 'fr', 'es', 'it', 'pt', 'nl'],
  'pl ru sv tr': ['pl', 'ru', 'sv', 'tr'],
  'ja zh': ['ja', 'zh'],
};

const { values } = parseArgs({
  options: { encoders: { type: 'string' }, sets: { type: 'string' }, labels: { type: 'string' } },
});
const setsDir = resolve(values.sets ?? 'eval/dev');
/** Label files that replace a set's own, e.g. sentiment=demo (the demo model's) or sentiment=path/to.json. */
const labelOverrides = new Map(
  (values.labels ?? '')
    .split(',')
    .filter((s) => s.includes('='))
    .map((s) => s.split('=') as [string, string]),
);

interface LabelVectors {
  texts: Float32Array[];
  weights: number[];
}

const dotOf = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};
const unit = (v: Float32Array) => {
  const n = Math.sqrt(dotOf(v, v)) || 1;
  return v.map((x) => x / n);
};
const minus = (a: Float32Array, b: Float32Array) => a.map((x, i) => x - (b[i] as number));
function weightedMean(vectors: Float32Array[], weights: number[]): Float32Array {
  const out = new Float32Array(vectors[0]?.length ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  vectors.forEach((v, j) => v.forEach((x, i) => (out[i] = (out[i] as number) + (x * (weights[j] as number)) / total)));
  return out;
}

/** Mean direction, nearest text, or a weighted log-sum-exp over the texts at this sharpness (pool β). */
type Pool = 'mean' | 'nearest' | number;
interface Variant {
  name: string;
  pool: Pool;
  centre: boolean;
  margin: boolean;
}

/** One label's similarity to a text under a pooling rule over its texts. */
function pooled(pool: Pool, label: LabelVectors, meanVector: Float32Array, e: Float32Array): number {
  if (pool === 'mean') return dotOf(e, meanVector);
  if (pool === 'nearest') return Math.max(...label.texts.map((t) => dotOf(e, t)));
  const beta = pool;
  const sims = label.texts.map((t) => dotOf(e, t));
  const top = Math.max(...sims);
  const total = label.weights.reduce((a, b) => a + b, 0);
  const s = sims.reduce((acc, x, i) => acc + ((label.weights[i] as number) / total) * Math.exp(beta * (x - top)), 0);
  return top + Math.log(s) / beta;
}

/** A scorer for one variant: label texts (optionally centred on the mean over labels), then a per-label margin. */
function scorer(variant: Variant, labels: LabelVectors[]): (e: Float32Array) => number[] {
  const centre = variant.centre
    ? weightedMean(
        labels.map((l) => weightedMean(l.texts, l.weights)),
        labels.map(() => 1),
      )
    : new Float32Array(labels[0]?.texts[0]?.length ?? 0);
  const shifted = labels.map((l) => ({ texts: l.texts.map((t) => unit(minus(t, centre))), weights: l.weights }));
  const means = shifted.map((l) => unit(weightedMean(l.texts, l.weights)));
  const raw = (e: Float32Array) => shifted.map((l, j) => pooled(variant.pool, l, means[j] as Float32Array, e));
  // Margin: a label's similarity less its mean similarity to the other labels' texts (how much any text resembles it).
  const bias = shifted.map((l, j) => {
    if (!variant.margin) return 0;
    const others = shifted.flatMap((o, k) => (k === j ? [] : o.texts));
    return others.reduce((a, t) => a + pooled(variant.pool, l, means[j] as Float32Array, t), 0) / others.length;
  });
  return (e) => {
    const x = unit(minus(e, centre));
    return raw(x).map((s, j) => s - (bias[j] as number));
  };
}

const VARIANTS: Variant[] = [];
for (const pool of ['mean', 'nearest', 5, 10, 15, 20, 30] as const)
  for (const centre of [false, true])
    for (const margin of [false, true])
      VARIANTS.push({
        name: `${typeof pool === 'number' ? `pool β=${pool}` : pool}${centre ? ' centred' : ''}${margin ? ' margin' : ''}`,
        pool,
        centre,
        margin,
      });

async function labelVectors(encoder: Encoder, labels: LabelDefinition[]): Promise<LabelVectors[]> {
  const out: LabelVectors[] = [];
  for (const label of labels) {
    const texts = labelTexts(label);
    out.push({
      texts: await embedAll(
        encoder,
        texts.map((t) => t.text),
      ),
      weights: texts.map((t) => t.weight),
    });
  }
  return out;
}

/** The labels of the demo model with exactly the set's label names (the demo sentiment model for sentiment). */
function demoLabels(set: { name: string; labels: LabelDefinition[] }): LabelDefinition[] {
  const names = set.labels
    .map((l) => l.name)
    .sort()
    .join();
  const demo = DEMO_MODELS.find(
    (m) =>
      m.labels
        .map((l) => l.name)
        .sort()
        .join() === names,
  );
  if (!demo) throw new Error(`no demo model has the labels of ${set.name}`);
  return demo.labels;
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const registry = await loadEncoderRegistry({
    modelsDir: config.modelsDir,
    defaultId: config.defaultEncoder ?? DEFAULT_ENCODER_ID,
  });
  const ids = values.encoders
    ? values.encoders.split(',').map((id) => id.trim())
    : [...new Set([registry.defaultId, MULTILINGUAL_ENCODER_ID])];
  for (const id of ids) {
    const encoder = registry.get(id);
    await encoder.warmup();
    for (const name of TASKS) {
      const set = readEvalSet(setsDir, name);
      const override = labelOverrides.get(name);
      const labels = !override
        ? set.labels
        : override === 'demo'
          ? demoLabels(set)
          : (JSON.parse(readFileSync(resolve(override), 'utf8')) as LabelDefinition[]);
      const names = labels.map((l) => l.name);
      const rows = set.rows;
      const embeddings = await embedAll(
        encoder,
        rows.map((r) => r.text),
      );
      const vectors = await labelVectors(encoder, labels);
      console.log(
        `\n## ${name} (${setsDir}, ${rows.length} texts), ${encoder.id}${override ? `, labels ${override}` : ''}`,
      );
      console.log(`| variant | all | ${Object.keys(GROUPS).join(' | ')} | per label recall |`);
      const served = await buildPrototypes(encoder, labels);
      const scorers: Array<[string, (e: Float32Array) => number[]]> = [
        ...VARIANTS.map((v): [string, (e: Float32Array) => number[]] => [v.name, scorer(v, vectors)]),
        ['served (scoreEmbedding)', (e) => scoreEmbedding(served, e, 1)],
      ];
      for (const [variant, score] of scorers) {
        const hits = rows.map((r, i) => {
          const s = score(embeddings[i] as Float32Array);
          return names[s.indexOf(Math.max(...s))] === r.label;
        });
        const acc = (keep: (i: number) => boolean) => {
          const idx = hits.map((_, i) => i).filter(keep);
          return idx.filter((i) => hits[i]).length / Math.max(idx.length, 1);
        };
        const groups = Object.values(GROUPS).map((langs) => pct(acc((i) => langs.includes(rows[i]?.lang ?? ''))));
        const recalls = names.map((n) => `${n.slice(0, 4)} ${pct(acc((i) => rows[i]?.label === n))}`);
        console.log(`| ${variant} | ${pct(acc(() => true))} | ${groups.join(' | ')} | ${recalls.join(' ')} |`);
      }
    }
  }
}

await main();
