// Model lifecycle use cases: create every kind, add labelled examples, start trainings, deploy / archive / roll back, evaluate, delete.
import { featureWidth, headFeaturesOf } from '../training/clause-features.js';
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { ModelRunners } from '../classification/model-runners.js';
import type { DatasetRepository, ModelRepository, RecordRepository } from '../ports/repositories.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { LabelDefinition, Model, ModelMetrics, ModelType, Page, PageRequest, Workspace } from '../shared/types.js';
import { assertLabels, storedLabel } from './label-checks.js';
import { assertTargetPrecision, decisionConfig } from './decision-settings.js';
import { assertKnownEndpoint, parseLlmSettings } from '../llm/llm-settings.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { HeadGraphs } from '../ports/training.js';
import { archiveTransition, deployTransition, rollbackTransition } from './transitions.js';
import { TRAINED_KINDS, type ModelVersion, type TrainingJob, type TrainingOptions } from './types.js';
import { ownValue } from '../shared/own-value.js';
import { normaliseExamples, type ExampleInput } from './multi-label-examples.js';
import { evaluateServedVersion, type EvaluationOrigin } from './version-evaluation.js';
import type { ModelEvaluation, ModelEvaluationRepository } from '../ports/model-records.js';
import { readLabelledRows } from './labelled-rows.js';
import { DEFAULT_TRAINING_OPTIONS, everyLabelHasExample, retrainFewShot } from './retraining.js';

export interface CreateModelInput {
  name: string;
  type: ModelType;
  labels: LabelDefinition[];
  confidenceThreshold?: number;
  /** Cut-offs per label and the precision a training fits them to (decision-settings.ts). */
  labelThresholds?: Record<string, number>;
  targetPrecision?: number;
  encoder?: string;
  examples?: ExampleInput[];
  llm?: { endpoint: string; prompt: string; temperature?: number };
  /** Examples may carry several labels and scores are independent sigmoids; fixed at creation. */
  multiLabel?: boolean;
}

export interface LifecycleDeps {
  models: ModelRepository;
  lifecycle: ModelLifecycleRepository;
  /** Every evaluation of the model's versions. */
  evaluations: ModelEvaluationRepository;
  datasets: DatasetRepository;
  records: RecordRepository;
  encoders: EncoderProvider;
  runners: ModelRunners;
  /** Checks a stored head graph before its version is deployed (a head stored before imports were checked). */
  graphs: HeadGraphs;
  /** The LLM endpoints the operator configured, by name. */
  llmEndpoints: ReadonlyMap<string, unknown>;
}

export { DEFAULT_TRAINING_OPTIONS } from './retraining.js';

export class ModelLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  /** Creates the model; a few-shot model whose inline examples cover every label gets its first training, returned as `job`. */
  async create(workspace: Workspace, input: CreateModelInput): Promise<{ model: Model; job: TrainingJob | null }> {
    assertLabels(input.labels);
    const encoder = input.encoder ?? this.deps.encoders.defaultId;
    try {
      this.deps.encoders.get(encoder);
    } catch {
      throw invalid('encoder', `no encoder "${encoder}" is loaded on this server`);
    }
    if (await this.deps.models.findByName(workspace.id, input.name))
      throw new DomainError('CONFLICT', `name: a model named "${input.name}" already exists`);
    const config: Model['config'] = {
      encoder,
      ...decisionConfig(input.labels, {
        labelThresholds: input.labelThresholds,
        targetPrecision: input.targetPrecision,
      }),
    };
    if (input.multiLabel === true) {
      if (input.type === 'llm')
        throw invalid('multi_label', 'an llm model gives one label per text; leave multi_label out');
      config.multi_label = true;
    }
    if (input.type === 'llm') {
      if (!input.llm) throw new DomainError('MISSING_REQUIRED_FIELD', 'llm is required for a model of type llm');
      const settings = parseLlmSettings(input.llm);
      assertKnownEndpoint(settings.endpoint, this.deps.llmEndpoints);
      config.llm = settings;
    } else if (input.llm) {
      throw invalid('llm', 'only a model of type llm takes llm settings');
    }
    if (input.targetPrecision !== undefined && !TRAINED_KINDS.has(input.type))
      throw invalid(
        'target_precision',
        `a ${input.type} model is not trained, so no cut-off is fitted; set label_thresholds instead`,
      );
    if (input.examples && !TRAINED_KINDS.has(input.type))
      throw invalid('examples', `a ${input.type} model does not train on examples`);
    const examples = input.examples
      ? normaliseExamples(input.labels, input.multiLabel === true, input.examples, 'examples')
      : undefined;
    const model = await this.deps.models.create({
      workspaceId: workspace.id,
      name: input.name,
      type: input.type,
      status: 'undeployed',
      labels: input.labels.map(storedLabel),
      config,
      metrics: { accuracy: null, f1_macro: null, per_class: {} },
      trainingExamples: 0,
      lastTrained: null,
      confidenceThreshold: input.confidenceThreshold ?? 0,
      version: TRAINED_KINDS.has(input.type) ? null : 1,
    });
    let job: TrainingJob | null = null;
    if (examples && examples.length > 0) {
      await this.deps.lifecycle.addExamples(model.id, examples, 'api');
      if (input.type === 'few-shot' && everyLabelHasExample(model, await this.deps.lifecycle.exampleCounts(model.id))) {
        job = await this.deps.lifecycle.createTrainingJob(workspace.id, model.id, { ...DEFAULT_TRAINING_OPTIONS });
      }
    }
    return { model, job };
  }

  async get(workspace: Workspace, modelId: number): Promise<Model> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    return model;
  }

  /** Stores labelled examples; a few-shot model retrains at once (and keeps serving, with the new version, when deployed). */
  async addExamples(
    workspace: Workspace,
    modelId: number,
    input: ExampleInput[],
    source: string,
    field = 'examples',
  ): Promise<{ added: number; counts: Record<string, number>; job: TrainingJob | null }> {
    const model = await this.get(workspace, modelId);
    if (!TRAINED_KINDS.has(model.type)) throw invalid(field, `a ${model.type} model does not train on examples`);
    const examples = normaliseExamples(model.labels, model.config.multi_label === true, input, field);
    const added = await this.deps.lifecycle.addExamples(model.id, examples, source);
    const counts = await this.deps.lifecycle.exampleCounts(model.id);
    const job = await retrainFewShot(this.deps.lifecycle, workspace, model, counts);
    return { added, counts, job };
  }

  /**
   * Reads a dataset's rows whose `labelColumn` (a column or a metadata key) holds one of the model's labels; with
   * `multiLabel`, the cell may hold several separated by `|` (`refund|complaint`), and a row counts when all are labels.
   */
  /** A dataset's rows labelled with the model's labels, as examples (labelled-rows.ts). */
  labelledRows(
    workspace: Workspace,
    datasetId: number,
    labelColumn: string,
    labels: string[],
    multiLabel = false,
  ): Promise<ExampleInput[]> {
    return readLabelledRows(this.deps, workspace, { datasetId, labelColumn, labels, multiLabel });
  }

  async train(workspace: Workspace, modelId: number, options: Partial<TrainingOptions>): Promise<TrainingJob> {
    const model = await this.get(workspace, modelId);
    if (!TRAINED_KINDS.has(model.type))
      throw invalid('model_id', `a ${model.type} model is not trained; evaluate it on a labelled set instead`);
    if (options.target_precision !== undefined) assertTargetPrecision(options.target_precision);
    const counts = await this.deps.lifecycle.exampleCounts(model.id);
    const minimum = model.type === 'fine-tuned' ? 2 : 1;
    const short = model.labels.filter((l) => (ownValue(counts, l.name) ?? 0) < minimum).map((l) => `"${l.name}"`);
    if (short.length > 0) {
      throw invalid(
        'examples',
        `every label needs at least ${minimum} labelled example${minimum > 1 ? 's' : ''} before training; too few for ${short.join(', ')}`,
      );
    }
    const { job, created } = await this.deps.lifecycle.startTrainingJob(workspace.id, model.id, {
      ...DEFAULT_TRAINING_OPTIONS,
      ...options,
    });
    // One training at a time: a second one would train on the same examples and make an identical version.
    if (!created)
      throw new DomainError(
        'CONFLICT',
        `model_id: model ${modelId} already has training job ${job.id} ${job.status}; follow it, and train again once it has finished`,
      );
    return job;
  }

  async trainingJob(workspace: Workspace, modelId: number, jobId: string): Promise<TrainingJob> {
    const model = await this.get(workspace, modelId);
    const job = await this.deps.lifecycle.getTrainingJob(model.id, jobId);
    if (!job) throw notFound(`training job ${jobId}`);
    return job;
  }

  async trainingJobs(workspace: Workspace, modelId: number, page: PageRequest): Promise<Page<TrainingJob>> {
    const model = await this.get(workspace, modelId);
    return this.deps.lifecycle.listTrainingJobs(model.id, page);
  }

  async versions(workspace: Workspace, modelId: number): Promise<{ model: Model; versions: ModelVersion[] }> {
    const model = await this.get(workspace, modelId);
    return { model, versions: await this.deps.lifecycle.listVersions(model.id) };
  }

  /** Serves `version` (default: the newest); the head is built before the switch, so the first request after it is served warm. */
  async deploy(workspace: Workspace, modelId: number, version?: number): Promise<Model> {
    const model = await this.get(workspace, modelId);
    const versions = await this.deps.lifecycle.listVersions(model.id);
    if (versions.length === 0) {
      // The first training is on its way: answer at once, telling when to come back, rather than hold the request.
      const pending = await this.deps.lifecycle.pendingTrainingJob(model.id);
      if (pending)
        throw new DomainError(
          'CONFLICT',
          `version: model ${modelId} has no version yet; its first training (job ${pending.id}) is ${pending.status}, deploy once it has finished`,
          { retryAfterSeconds: model.type === 'few-shot' ? 1 : 5 },
        );
      throw invalid('version', `model ${modelId} has no version yet; train it first`);
    }
    const target = version === undefined ? versions.at(-1) : versions.find((v) => v.version === version);
    if (!target) throw invalid('version', `model ${modelId} has no version ${version}`);
    if (target.hasHead) await this.assertServableHead(model, target);
    // Its encoder loads now (if it was not) and stays loaded: the first request after the switch is served warm.
    await this.deps.encoders.keep?.([target.config.encoder]);
    await this.deps.runners.headFor({
      ...model,
      version: target.version,
      labels: target.labels,
      config: target.config,
    });
    return this.transition(workspace, modelId, (m) => deployTransition(m, target.version));
  }

  archive(workspace: Workspace, modelId: number): Promise<Model> {
    return this.transition(workspace, modelId, archiveTransition);
  }

  rollback(workspace: Workspace, modelId: number): Promise<Model> {
    return this.transition(workspace, modelId, rollbackTransition);
  }

  async remove(workspace: Workspace, modelId: number): Promise<void> {
    if (!(await this.deps.lifecycle.remove(workspace.id, modelId))) throw notFound(`model ${modelId}`);
  }

  /** Measures the served version on a labelled set and keeps the metrics as an evaluation of it (version-evaluation.ts). */
  async evaluate(
    workspace: Workspace,
    modelId: number,
    input: ExampleInput[],
    field = 'examples',
    origin?: EvaluationOrigin,
  ): Promise<ModelMetrics> {
    return evaluateServedVersion(this.deps, await this.get(workspace, modelId), input, field, origin);
  }

  /** The model's evaluations, newest first (one version's with `version`). */
  async evaluations(
    workspace: Workspace,
    modelId: number,
    page: PageRequest,
    filter: { version?: number | undefined },
  ): Promise<Page<ModelEvaluation>> {
    const model = await this.get(workspace, modelId);
    return this.deps.evaluations.list(model.id, page, filter.version === undefined ? {} : { version: filter.version });
  }

  private async transition(
    workspace: Workspace,
    modelId: number,
    decide: Parameters<ModelLifecycleRepository['update']>[2],
  ): Promise<Model> {
    const updated = await this.deps.lifecycle.update(workspace.id, modelId, decide);
    if (!updated) throw notFound(`model ${modelId}`);
    return updated;
  }

  /** Refuses a version whose stored head could not serve (not ONNX, another encoder dimension or label count). */
  private async assertServableHead(model: Model, target: ModelVersion): Promise<void> {
    const graph = await this.deps.lifecycle.headGraph(model.id, target.version);
    if (!graph) return;
    const inputDim = featureWidth(
      this.deps.encoders.get(target.config.encoder).dimension,
      headFeaturesOf(target.config),
    );
    const problem = await this.deps.graphs.check(graph, {
      inputDim,
      labels: target.labels.length,
      multiLabel: target.config.multi_label === true,
    });
    if (problem)
      throw invalid(
        'version',
        `version ${target.version} of model ${model.id} cannot serve: its head ${problem.problem}; train the model again`,
      );
  }
}
