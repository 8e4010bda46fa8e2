// Seeds a fresh workspace with deployed, calibrated and evaluated demo zero-shot models and a demo dataset.
import { evaluatePredictions } from '../training/label-scores.js';
import type { Repositories } from '../ports/repositories.js';
import type { Encoder } from '../ports/encoders.js';
import type { Model, Workspace } from '../shared/types.js';
import { buildPrototypes, DEFAULT_LOGIT_SCALE, scoreEmbedding } from '../classification/zero-shot.js';
import { calibrateZeroShotOnSet } from '../classification/zero-shot-set-calibration.js';
import type { DemoModel } from './demo-model.js';
import { sentiment } from './sentiment.js';
import { supportTopics } from './support-topics.js';

export const DEMO_MODELS: DemoModel[] = [supportTopics, sentiment];

export interface SeedResult {
  models: Model[];
  seeded: boolean;
}

/** Creates the demo content only when the workspace has no models yet (idempotent across restarts). */
export async function seedDemoContent(
  repos: Repositories,
  workspace: Workspace,
  encoder: Encoder,
): Promise<SeedResult> {
  const existing = await repos.models.list(workspace.id, { offset: 0, limit: 1 });
  if (existing.total > 0) return { models: [], seeded: false };
  const models: Model[] = [];
  for (const demo of DEMO_MODELS)
    models.push(await repos.models.create(await buildDemoModel(workspace, demo, encoder)));
  await repos.datasets.create({
    workspaceId: workspace.id,
    name: 'Support tickets',
    columns: [
      { name: 'text', type: 'text' },
      { name: 'agent_id', type: 'text' },
      { name: 'customer_id', type: 'text' },
      { name: 'channel', type: 'text' },
      { name: 'created', type: 'timestamp' },
    ],
    textColumn: 'text',
    modelIds: models.map((m) => m.id),
  });
  return { models, seeded: true };
}

/**
 * Embeds the label descriptions, chooses the scoring rule and calibrates the softmax scale on the labelled set as an
 * evaluation would (zero-shot-set-calibration.ts: its ECE measured out of fold), and evaluates on the set.
 */
export async function buildDemoModel(workspace: Workspace, demo: DemoModel, encoder: Encoder) {
  const prototypes = await buildPrototypes(encoder, demo.labels);
  const embeddings = await encoder.embed(demo.examples.map((e) => e.text));
  const gold = demo.examples.map((e) => e.label);
  const served = embeddings.map((e) => scoreEmbedding(prototypes, e, DEFAULT_LOGIT_SCALE));
  const fit = calibrateZeroShotOnSet(prototypes, embeddings, gold, served);
  if (!fit.fitted) throw new Error(`demo model ${demo.name}: ${fit.notFitted.reason}`);
  const { scoring, logitScale } = fit;
  // Measured as an evaluation measures it: out of fold, each text scored by the rule and scale fitted on the others.
  const predicted = fit.rows.map((probs) => prototypes.labels[probs.indexOf(Math.max(...probs))] ?? '');
  return {
    workspaceId: workspace.id,
    name: demo.name,
    type: 'zero-shot' as const,
    status: 'deployed' as const,
    labels: demo.labels,
    config: { encoder: encoder.id, logitScale, zeroShotScoring: scoring },
    metrics: {
      ...evaluatePredictions(prototypes.labels, gold, predicted),
      ...fit.measuredOn,
      calibration: fit.calibration,
    },
    trainingExamples: demo.examples.length,
    lastTrained: new Date(),
    confidenceThreshold: demo.confidenceThreshold,
  };
}
