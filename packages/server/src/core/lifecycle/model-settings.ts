// updateModel: a model's name, description, cut-offs and target precision, and a zero-shot model's label texts (a new version, served at once).
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { LabelDefinition, Model, ModelConfig, Workspace } from '../shared/types.js';
import type { ModelRunners } from '../classification/model-runners.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { ModelRepository } from '../ports/repositories.js';
import { assertLabelThresholds, assertTargetPrecision } from './decision-settings.js';
import { assertLabelTexts } from './label-checks.js';
import { TRAINED_KINDS, type ModelPatch } from './types.js';
import { zeroShotLabelVersion } from './zero-shot-label-version.js';

/** What updateModel may change; absent fields keep their value, null clears the ones that may be empty. */
export interface ModelSettingsChange {
  name?: string | undefined;
  description?: string | null | undefined;
  confidenceThreshold?: number | undefined;
  labelThresholds?: Record<string, number> | null | undefined;
  targetPrecision?: number | null | undefined;
  /** Zero-shot models: new texts of the labels named (as stored: storedLabel). */
  labels?: LabelDefinition[] | undefined;
}

export class ModelSettings {
  constructor(
    private readonly deps: { models: ModelRepository; lifecycle: ModelLifecycleRepository; runners: ModelRunners },
  ) {}

  async update(workspace: Workspace, modelId: number, change: ModelSettingsChange): Promise<Model> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (change.name !== undefined && change.name !== model.name) {
      if (change.name.trim() === '') throw invalid('name', 'a model name must not be empty');
      if (await this.deps.models.findByName(workspace.id, change.name))
        throw new DomainError('CONFLICT', `name: a model named "${change.name}" already exists`);
    }
    if (change.targetPrecision !== undefined && change.targetPrecision !== null && !TRAINED_KINDS.has(model.type))
      throw invalid(
        'target_precision',
        `a ${model.type} model is not trained, so no cut-off is fitted; set label_thresholds instead`,
      );
    const version = change.labels === undefined ? undefined : await this.newLabelVersion(model, change);
    const updated = await this.deps.lifecycle.update(workspace.id, modelId, (current) => {
      const patch: ModelPatch = {};
      if (change.name !== undefined) patch.name = change.name;
      if (change.description !== undefined) patch.description = change.description;
      if (change.confidenceThreshold !== undefined) patch.confidenceThreshold = change.confidenceThreshold;
      if (version !== undefined) {
        // Served at once whatever the status; a served model's old version is what a rollback returns to.
        patch.version = version;
        patch.previousVersion =
          current.status !== 'undeployed' && current.version !== null ? current.version : current.previousVersion;
      } else {
        const config = withDecisionSettings(current.config, current.labels, change);
        if (config) patch.config = config;
      }
      return patch;
    });
    if (!updated) throw notFound(`model ${modelId}`);
    return updated;
  }

  /** Adds the version with the new label texts (and settings) and builds its head, so the switch is served warm. */
  private async newLabelVersion(model: Model, change: ModelSettingsChange): Promise<number> {
    if (model.type !== 'zero-shot')
      throw invalid(
        'labels',
        `only a zero-shot model's label texts change its answers; a ${model.type} model's labels are fixed at creation`,
      );
    const labels = mergedLabels(model, change.labels ?? []);
    // A calibration fitted for the old texts is not carried into a version it was never measured on.
    const { config, metrics } = zeroShotLabelVersion(
      model,
      labels,
      withDecisionSettings(model.config, labels, change) ?? model.config,
    );
    const added = await this.deps.lifecycle.addVersion(model.id, {
      labels,
      config,
      metrics,
      trainingExamples: model.trainingExamples,
      trainedAt: model.lastTrained,
      headGraph: null,
    });
    await this.deps.runners.headFor({ ...model, version: added.version, labels, config });
    return added.version;
  }
}

/** The model's labels with the texts of those `given` replaced; every given name must be one of the model's labels. */
export function mergedLabels(model: Model, given: LabelDefinition[]): LabelDefinition[] {
  const replaced = new Map<string, LabelDefinition>();
  given.forEach((label, i) => {
    if (!model.labels.some((l) => l.name === label.name))
      throw invalid(
        `labels[${i}].name`,
        `"${label.name}" is not a label of model ${model.id}; the label set is fixed at creation`,
      );
    if (replaced.has(label.name)) throw invalid(`labels[${i}].name`, `label "${label.name}" appears twice`);
    assertLabelTexts(label, `labels[${i}]`);
    replaced.set(label.name, label);
  });
  return model.labels.map((l) => replaced.get(l.name) ?? l);
}

/** The config with the cut-off settings changed (null or {} removes them); undefined when neither is changed. */
export function withDecisionSettings(
  config: ModelConfig,
  labels: LabelDefinition[],
  change: Pick<ModelSettingsChange, 'labelThresholds' | 'targetPrecision'>,
): ModelConfig | undefined {
  if (change.labelThresholds === undefined && change.targetPrecision === undefined) return undefined;
  const next: ModelConfig = { ...config };
  if (change.labelThresholds === null || (change.labelThresholds && Object.keys(change.labelThresholds).length === 0))
    delete next.label_thresholds;
  else if (change.labelThresholds !== undefined) {
    assertLabelThresholds(labels, change.labelThresholds);
    next.label_thresholds = { ...change.labelThresholds };
  }
  if (change.targetPrecision === null) delete next.target_precision;
  else if (change.targetPrecision !== undefined) {
    assertTargetPrecision(change.targetPrecision);
    next.target_precision = change.targetPrecision;
  }
  return next;
}
