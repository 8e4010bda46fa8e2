// Zero-shot scoring variants side by side (mean direction, nearest text, pooled, centred, margin) on every text of a set.
// Usage: tsx scripts/eval-zero-shot.ts [--encoders a,b] [--sets DIR] [--labels sentiment=FILE,...]
// Tune on eval/dev (the default); report on eval/sets once. Each row is accuracy on all texts of the set (zero-shot
// learns nothing from them), overall and per language group. With a demo model's labels (sentiment=demo), a last row
// scores as that demo model is served: the rule chooseZeroShotScoring picks on the demo's own examples.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildPrototypes,
  chooseZeroShotScoring,
  DEMO_MODELS,
  type Encoder,
  type LabelDefinition,
  labelTexts,
  scoreEmbedding,
} from '@textclass/server/core';
import { embedAll, MULTILINGUAL_ENCODER_ID, readEvalSet } from '@textclass/model-tools';
import { scorer, VARIANTS, type LabelVectors } from './lib/zero-shot-variants.js';
import { configuredEncoders } from './lib/configured-encoders.js';

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

/** The demo model with exactly the set's label names (the demo sentiment model for sentiment). */
function demoModel(set: { name: string; labels: LabelDefinition[] }): (typeof DEMO_MODELS)[number] {
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
  return demo;
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

async function main(): Promise<void> {
  const registry = await configuredEncoders();
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
          ? demoModel(set).labels
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
      if (override === 'demo') {
        const demo = demoModel(set);
        const chosen = chooseZeroShotScoring(
          served,
          await embedAll(
            encoder,
            demo.examples.map((e) => e.text),
          ),
          demo.examples.map((e) => e.label),
        );
        const nll = chosen.choice
          ? `NLL pooled ${chosen.choice.nll_pooled}, mean ${chosen.choice.nll_mean}`
          : 'no choice';
        scorers.push([
          `served as the demo model: ${chosen.scoring} (chosen on its ${demo.examples.length} examples, ${nll})`,
          (e) => scoreEmbedding(served, e, 1, chosen.scoring),
        ]);
      }
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
