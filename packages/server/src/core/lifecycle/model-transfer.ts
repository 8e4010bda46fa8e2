// Export a model version as one self-checking file, and import such a file as a new model on the same encoder.
import { featureWidth, headFeaturesOf } from '../training/clause-features.js';
import { createHash } from 'node:crypto';
import { assertImportedDecisionSettings } from './decision-settings.js';
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { ModelRepository } from '../ports/repositories.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { Model, ModelConfig, Workspace } from '../shared/types.js';
import { assertKnownEndpoint, parseLlmSettings } from '../llm/llm-settings.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { HeadGraphs } from '../ports/training.js';
import { TRAINED_KINDS, type ModelExportFile } from './types.js';
import { assertLabelTexts, storedLabel } from './label-checks.js';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class ModelTransfer {
  constructor(
    private readonly deps: {
      models: ModelRepository;
      lifecycle: ModelLifecycleRepository;
      encoders: EncoderProvider;
      /** Checks an imported head graph before it is stored. */
      graphs: HeadGraphs;
      llmEndpoints: ReadonlyMap<string, unknown>;
    },
  ) {}

  /** The model's current version as an export file. */
  async exportModel(workspace: Workspace, modelId: number): Promise<ModelExportFile> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (model.version === null) throw invalid('model_id', `model ${modelId} has no version yet; train it first`);
    const version = await this.deps.lifecycle.getVersion(model.id, model.version);
    if (!version) throw notFound(`version ${model.version} of model ${modelId}`);
    const graph = version.hasHead ? await this.deps.lifecycle.headGraph(model.id, version.version) : undefined;
    return {
      format: 'textclass.model',
      format_version: 1,
      exported_at: new Date().toISOString(),
      model: {
        name: model.name,
        type: model.type,
        labels: version.labels,
        config: version.config,
        metrics: version.metrics,
        training_examples: version.trainingExamples,
        last_trained: version.trainedAt ? version.trainedAt.toISOString() : null,
        confidence_threshold: model.confidenceThreshold,
        version: version.version,
      },
      encoder: { id: version.config.encoder, sha256: this.fingerprint(version.config.encoder) },
      head: graph
        ? { format: 'onnx', sha256: sha256(graph), data_base64: Buffer.from(graph).toString('base64') }
        : null,
    };
  }

  /** A new undeployed model whose version 1 is the file's version; refused unless encoder and head check out. */
  async importModel(workspace: Workspace, file: ModelExportFile, name?: string): Promise<Model> {
    const definition = file.model;
    const targetName = name ?? definition.name;
    if (await this.deps.models.findByName(workspace.id, targetName)) {
      throw new DomainError(
        'CONFLICT',
        `${name === undefined ? 'model.name' : 'name'}: a model named "${targetName}" already exists; import it under another name (the \`name\` query parameter, or \`--name\` of \`textclass models import\`)`,
      );
    }
    if (definition.config.encoder !== file.encoder.id)
      throw invalid('model.config.encoder', 'names another encoder than encoder.id');
    try {
      this.deps.encoders.get(file.encoder.id);
    } catch {
      throw invalid('encoder.id', `encoder "${file.encoder.id}" is not loaded on this server`);
    }
    const local = this.fingerprint(file.encoder.id);
    if (file.encoder.sha256 !== null && local !== null && local !== file.encoder.sha256) {
      throw invalid(
        'encoder.sha256',
        `this server's encoder "${file.encoder.id}" has other weights (sha256 ${local}); the model needs ${file.encoder.sha256}`,
      );
    }
    const trained = TRAINED_KINDS.has(definition.type);
    let graph: Uint8Array | null = null;
    if (trained) {
      if (!file.head) throw invalid('head', `a ${definition.type} model needs its trained head`);
      graph = new Uint8Array(Buffer.from(file.head.data_base64, 'base64'));
      if (sha256(graph) !== file.head.sha256) throw invalid('head.sha256', 'the head does not match its checksum');
    } else if (file.head) {
      throw invalid('head', `a ${definition.type} model has no trained head`);
    }
    if (definition.type === 'llm') {
      // The endpoint is this installation's operator's choice: the file must name one configured here.
      let settings;
      try {
        settings = parseLlmSettings(definition.config.llm);
      } catch (error) {
        throw invalid('model.config.llm', error instanceof Error ? error.message : 'invalid llm settings');
      }
      assertKnownEndpoint(settings.endpoint, this.deps.llmEndpoints);
    }
    const labelNames = new Set(definition.labels.map((l) => l.name));
    if (labelNames.size !== definition.labels.length) throw invalid('model.labels', 'label names must be distinct');
    if (graph) await this.checkHead(graph, file.encoder.id, definition.labels.length, definition.config);
    assertImportedDecisionSettings(definition.labels, definition.config);
    const lastTrained = definition.last_trained ? new Date(definition.last_trained) : null;
    const labels = definition.labels.map(storedLabel);
    labels.forEach((label, i) => assertLabelTexts(label, `model.labels[${i}]`));
    const model = await this.deps.models.create({
      workspaceId: workspace.id,
      name: targetName,
      type: definition.type,
      status: 'undeployed',
      labels,
      config: { ...definition.config, imported_from: { version: definition.version, exported_at: file.exported_at } },
      metrics: definition.metrics,
      trainingExamples: definition.training_examples,
      lastTrained,
      confidenceThreshold: definition.confidence_threshold,
      version: trained ? null : 1,
    });
    if (!trained) return model;
    const version = await this.deps.lifecycle.addVersion(model.id, {
      labels,
      config: model.config,
      metrics: definition.metrics,
      trainingExamples: definition.training_examples,
      trainedAt: lastTrained,
      headGraph: graph,
    });
    const updated = await this.deps.lifecycle.update(workspace.id, model.id, () => ({ version: version.version }));
    return updated ?? model;
  }

  /** Refuses a head the server could not serve: not ONNX, not over this encoder's embeddings, or not one output per label. */
  private async checkHead(graph: Uint8Array, encoderId: string, labels: number, config: ModelConfig): Promise<void> {
    const inputDim = featureWidth(this.deps.encoders.get(encoderId).dimension, headFeaturesOf(config));
    const found = await this.deps.graphs.check(graph, { inputDim, labels, multiLabel: config.multi_label === true });
    if (!found) return;
    if (found.part === 'labels') throw invalid('model.labels', `${labels} labels, but the head ${found.problem}`);
    const subject =
      found.part === 'input' ? `the head (over encoder "${encoderId}", ${inputDim} dimensions)` : 'the head';
    throw invalid('head.data_base64', `${subject} ${found.problem}`);
  }

  private fingerprint(encoderId: string): string | null {
    try {
      return this.deps.encoders.fingerprint?.(encoderId) ?? null;
    } catch {
      return null;
    }
  }
}
