// Seeds a fresh workspace with deployed, calibrated and evaluated demo zero-shot models and a demo dataset.
import { evaluatePredictions } from '../training/label-scores.js';
import type { Repositories } from '../ports/repositories.js';
import type { Encoder } from '../ports/encoders.js';
import type { Model, Workspace } from '../shared/types.js';
import { buildPrototypes, calibrateLogitScale, scoreEmbedding, zeroShotLogits } from '../classification/zero-shot.js';
import { calibrationReport } from '../training/calibration-report.js';
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

/** Embeds the label descriptions, calibrates the softmax scale and evaluates on the labelled set. */
export async function buildDemoModel(workspace: Workspace, demo: DemoModel, encoder: Encoder) {
  const prototypes = await buildPrototypes(encoder, demo.labels);
  const embeddings = await encoder.embed(demo.examples.map((e) => e.text));
  const gold = demo.examples.map((e) => e.label);
  const logitScale = calibrateLogitScale(prototypes, embeddings, gold);
  const predicted = embeddings.map((e) => {
    const probs = scoreEmbedding(prototypes, e, logitScale);
    return prototypes.labels[probs.indexOf(Math.max(...probs))] ?? '';
  });
  return {
    workspaceId: workspace.id,
    name: demo.name,
    type: 'zero-shot' as const,
    status: 'deployed' as const,
    labels: demo.labels,
    config: { encoder: encoder.id, logitScale },
    metrics: {
      ...evaluatePredictions(prototypes.labels, gold, predicted),
      calibration: calibrationReport(
        zeroShotLogits(prototypes, embeddings),
        gold.map((label) => prototypes.labels.indexOf(label)),
        1 / logitScale,
        { fitted_on: 'evaluation-set', measured_on: 'evaluation-set' },
      ),
    },
    trainingExamples: demo.examples.length,
    lastTrained: new Date(),
    confidenceThreshold: demo.confidenceThreshold,
  };
}
