// Classification of texts with one or several deployed models of a workspace.
import { DomainError, invalid, notFound } from '../shared/errors.js';
import type { ModelRepository } from '../ports/repositories.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { Model, Workspace } from '../shared/types.js';
import type { QuotaService } from '../tenancy/quota.js';
import { assertUsableTexts } from './texts.js';
import type { ModelRunners } from './model-runners.js';

export interface Prediction {
  label: string;
  confidence: number;
}

export interface PredictionOptions {
  maxPredictions?: number | undefined;
  labelFilter?: string[] | undefined;
}

export interface ModelPredictions {
  model: Model;
  predictions: Prediction[][];
}

export class ClassificationService {
  constructor(
    private readonly models: ModelRepository,
    private readonly encoders: EncoderProvider,
    private readonly runners: ModelRunners,
    private readonly quota: QuotaService,
  ) {}

  async classify(workspace: Workspace, modelId: number, texts: string[], options: PredictionOptions): Promise<ModelPredictions> {
    const [result] = await this.classifyWithMany(workspace, texts, [{ modelId, options }]);
    if (!result) throw new Error('classification produced no result');
    return result;
  }

  /** Runs several models on the same texts concurrently; texts are embedded once per encoder. */
  async classifyWithMany(
    workspace: Workspace,
    texts: string[],
    requests: Array<{ modelId: number; options: PredictionOptions; field?: string }>,
  ): Promise<ModelPredictions[]> {
    assertUsableTexts(texts);
    const models = await Promise.all(requests.map((r) => this.deployedModel(workspace.id, r.modelId)));
    requests.forEach((r, i) => checkLabelFilter(models[i]!, r.options, r.field ?? 'label_filter'));
    models.forEach((m) => this.encoders.get(m.config.encoder));
    await this.quota.reserve(workspace, texts.filter((t) => t.trim() !== '').length * models.length);
    const embeddings = new Map<string, Promise<Float32Array[]>>();
    const embed = (encoderId: string) => {
      let pending = embeddings.get(encoderId);
      if (!pending) {
        pending = this.encoders.get(encoderId).embed(texts);
        embeddings.set(encoderId, pending);
      }
      return pending;
    };
    return Promise.all(
      models.map(async (model, i) => {
        const scores = await this.runners.score(model, { texts, embeddings: () => embed(model.config.encoder) });
        return { model, predictions: scores.map((row) => shape(model, row, requests[i]!.options)) };
      }),
    );
  }

  private async deployedModel(workspaceId: number, modelId: number): Promise<Model> {
    const model = await this.models.get(workspaceId, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (model.status === 'archived') {
      throw new DomainError('MODEL_ARCHIVED', `model ${modelId} is archived; redeploy it to serve inference`);
    }
    if (model.status !== 'deployed') {
      throw new DomainError('MODEL_NOT_DEPLOYED', `model ${modelId} is not deployed yet; deploy it to serve inference`);
    }
    return model;
  }
}

function checkLabelFilter(model: Model, options: PredictionOptions, field: string): void {
  const known = new Set(model.labels.map((l) => l.name));
  const unknown = (options.labelFilter ?? []).filter((l) => !known.has(l));
  if (unknown.length > 0) {
    throw invalid(field, `model ${model.id} has no label ${unknown.map((l) => `"${l}"`).join(', ')}`);
  }
}

/** Sorts by confidence, applies label_filter then max_predictions; never rescales. */
function shape(model: Model, probabilities: number[], options: PredictionOptions): Prediction[] {
  const filter = options.labelFilter ? new Set(options.labelFilter) : undefined;
  const predictions = model.labels
    .map((label, i) => ({ label: label.name, confidence: roundConfidence(probabilities[i] ?? 0) }))
    .filter((p) => !filter || filter.has(p.label))
    .sort((a, b) => b.confidence - a.confidence || a.label.localeCompare(b.label));
  return options.maxPredictions === undefined ? predictions : predictions.slice(0, options.maxPredictions);
}

const roundConfidence = (x: number) => Math.min(1, Math.max(0, Math.round(x * 1e6) / 1e6));
