// Training jobs: embed a model's examples, split them (stratified, fixed by the seed), evaluate the head on the held-out part, refit it on all, store a new version.
import { DomainError } from '../shared/domain-errors.js';
import type { Job, JobRepository } from '../ports/pipeline.js';
import type { ModelRepository } from '../ports/repositories.js';
import type { EncoderProvider } from '../ports/encoders.js';
import { fitHead, type FitOptions } from '../training/fit.js';
import type { HeadFitter, HeadGraphs, MultiLabelHeadFitter } from '../ports/training.js';
import type { LabelledEmbedding } from '../training/trainer.js';
import { detailedMetrics } from './detailed-metrics.js';
import { heldOutRows } from './held-out.js';
import { headConfig } from './head-config.js';
import { embedInChunks } from './embed-in-chunks.js';
import { clauseFeatures } from '../training/clause-features.js';
import { TRAIN_MODEL_JOB, type ModelLifecycleRepository, type TrainModelPayload } from '../ports/lifecycle.js';
import { trainedTransition } from './transitions.js';
import { trainingCutoffs } from './training-cutoffs.js';
import { trainMultiLabelVersion } from './multi-label-training.js';
import type { TrainingJobPatch } from './types.js';
import type { PipelineEvents } from '../ports/pipeline-events.js';

export interface TrainingWorkerOptions {
  /** How long a claimed training stays with this process before another may take it over. */
  leaseMs: number;
  /** Attempts before a training that keeps crashing is marked failed. */
  maxAttempts: number;
  /** Shortest interval between two progress writes, in ms. */
  progressEveryMs: number;
}

export const DEFAULT_TRAINING_WORKER_OPTIONS: TrainingWorkerOptions = {
  leaseMs: 600_000,
  maxAttempts: 3,
  progressEveryMs: 250,
};

interface Deps {
  jobs: JobRepository;
  lifecycle: ModelLifecycleRepository;
  models: ModelRepository;
  encoders: EncoderProvider;
  graphs: HeadGraphs;
  /** Where heads are fitted (default: fitHead on this thread). */
  fit?: HeadFitter;
  /** Where multi-label heads are fitted (default: fitMultiLabelHead on this thread). */
  fitMultiLabel?: MultiLabelHeadFitter;
  onError?(error: unknown, job: Job): void;
  /** Told about every finished training (a new version exists). */
  onTrained?(modelId: number, version: number): void;
  events?: PipelineEvents;
}

/** A problem with the model's data: the training fails with this message and is not retried. */
class TrainingRefused extends Error {}

export class TrainingWorker {
  constructor(
    private readonly deps: Deps,
    private readonly options: TrainingWorkerOptions = DEFAULT_TRAINING_WORKER_OPTIONS,
  ) {}

  /** Claims and runs one due training; returns how many it claimed. */
  async tick(): Promise<number> {
    const [job] = await this.deps.jobs.claim(TRAIN_MODEL_JOB, 1, this.options.leaseMs);
    if (!job) return 0;
    const payload = job.payload as unknown as TrainModelPayload;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await this.run(payload);
      await this.deps.jobs.complete(job.id);
      this.deps.events?.jobFinished('training', 'succeeded');
      this.deps.events?.trainingFinished('succeeded', seconds());
    } catch (error) {
      const message =
        error instanceof TrainingRefused || error instanceof DomainError
          ? error.message
          : 'the training failed unexpectedly; see the server log';
      const final = error instanceof TrainingRefused || job.attempts >= this.options.maxAttempts;
      if (!(error instanceof TrainingRefused)) this.deps.onError?.(error, job);
      if (final) {
        await this.deps.lifecycle.updateTrainingJob(payload.training_job_id, {
          status: 'failed',
          stage: 'failed',
          error: message,
          finishedAt: new Date(),
        });
        await this.deps.jobs.complete(job.id);
        this.deps.events?.jobFinished('training', 'failed');
        this.deps.events?.trainingFinished('failed', seconds());
      } else {
        await this.deps.lifecycle.updateTrainingJob(payload.training_job_id, {
          status: 'queued',
          stage: 'queued',
          error: `attempt ${job.attempts} failed: ${message}`,
        });
        await this.deps.jobs.retry(
          job.id,
          error instanceof Error ? error.message : String(error),
          5_000 * job.attempts,
        );
        this.deps.events?.jobFinished('training', 'retried');
      }
    }
    return 1;
  }

  private async run(payload: TrainModelPayload): Promise<void> {
    const job = await this.deps.lifecycle.getTrainingJobById(payload.training_job_id);
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
    const model = await this.deps.models.get(payload.workspace_id, payload.model_id);
    if (!model) throw new TrainingRefused(`model ${payload.model_id} was deleted`);
    const report = this.reporter(job.id);
    await report({ status: 'running', stage: 'embedding', progress: 0, startedAt: new Date(), error: null }, true);
    if (model.config.multi_label === true) {
      const refuse = (message: string) => new TrainingRefused(message);
      const version = await trainMultiLabelVersion(this.deps, model, job, report, refuse);
      this.deps.onTrained?.(model.id, version);
      return;
    }

    const labels = model.labels.map((l) => l.name);
    const examples = (await this.deps.lifecycle.examples(model.id)).filter((e) => labels.includes(e.label));
    const missing = labels.filter((l) => !examples.some((e) => e.label === l));
    if (missing.length > 0)
      throw new TrainingRefused(`no labelled examples of ${missing.map((l) => `"${l}"`).join(', ')}`);
    const encoder = this.deps.encoders.get(model.config.encoder);
    const texts = examples.map((e) => e.text);
    const fineTuned = model.type !== 'few-shot';
    const features = job.options.features ?? 'auto';
    const withClauses = fineTuned && features !== 'text';
    // A fine-tuned head may read clause features too (cross-validation decides): their clauses take the last third.
    const embedded = withClauses ? 0.27 : 0.4;
    const embed = (batch: string[], from: number, share: number) =>
      embedInChunks(encoder, batch, (done, total) => report({ progress: from + share * (done / total) }), {
        workspaceId: model.workspaceId,
      });
    const embeddings = await embed(texts, 0, embedded);
    const clauses = withClauses
      ? await clauseFeatures(texts, embeddings, (batch) => embed(batch, embedded, 0.4 - embedded))
      : undefined;
    const all: LabelledEmbedding[] = examples.map((e, i) => ({
      embedding: embeddings[i]!,
      label: labels.indexOf(e.label),
      ...(clauses ? { clauses: clauses[i]! } : {}),
    }));

    const { options } = job;
    await report(
      { stage: 'training', progress: 0.4, epoch: 0, maxEpochs: model.type === 'few-shot' ? null : options.max_epochs },
      true,
    );
    const progress: Array<Promise<void>> = [];
    // Fits done of fits in all (cross-validation folds, the evaluated fit, the served fit) carry it from 0.4 to 0.9.
    const fitOptions: FitOptions = {
      kind: model.type === 'few-shot' ? 'few-shot' : 'fine-tuned',
      features,
      holdoutFraction: options.holdout_fraction,
      seed: options.seed,
      train: {
        architecture: options.architecture,
        maxEpochs: options.max_epochs,
        onProgress: (p) => {
          progress.push(
            report({
              epoch: p.epoch,
              maxEpochs: p.maxEpochs,
              loss: p.loss,
              progress: 0.4 + 0.5 * Math.min(1, p.epoch / p.maxEpochs),
            }),
          );
        },
      },
    };
    const fitted = await (this.deps.fit ?? fitHead)(all, labels, fitOptions);
    await Promise.all(progress);
    const { parameters, split } = fitted;
    const targetPrecision = options.target_precision ?? model.config.target_precision;
    const metrics = {
      ...(fitted.evaluation.accuracy === null
        ? fitted.metrics
        : detailedMetrics(fitted.evaluation, split.holdout.length)),
      ...(fitted.metrics.calibration ? { calibration: fitted.metrics.calibration } : {}),
      ...trainingCutoffs(fitted, labels, targetPrecision),
    };

    await report({ stage: 'saving', progress: 0.96 }, true);
    const version = await this.deps.lifecycle.addVersion(model.id, {
      labels: model.labels,
      config: {
        ...model.config,
        ...(targetPrecision === undefined ? {} : { target_precision: targetPrecision }),
        head: headConfig(fitted),
        split: {
          seed: options.seed,
          holdout_fraction: options.holdout_fraction,
          train: split.train.length,
          holdout: split.holdout.length,
          served_head_trained_on: fitted.trainedOn,
        },
      },
      metrics,
      trainingExamples: fitted.trainingExamples,
      trainedAt: new Date(),
      headGraph: this.deps.graphs.build(parameters),
      heldOut: heldOutRows(examples, split.holdout, fitted.heldOutPredictions ?? [], labels),
    });
    await this.deps.lifecycle.update(payload.workspace_id, model.id, (current) =>
      trainedTransition(current, version.version, options.deploy),
    );
    await report(
      { status: 'succeeded', stage: 'done', progress: 1, version: version.version, finishedAt: new Date() },
      true,
    );
    this.deps.onTrained?.(model.id, version.version);
  }

  /** Writes progress at most every `progressEveryMs` (always when forced); the last state is always written. */
  private reporter(jobId: string): Reporter {
    let last = 0;
    let pending: TrainingJobPatch = {};
    return async (patch, force = false) => {
      pending = { ...pending, ...patch };
      const now = Date.now();
      if (!force && now - last < this.options.progressEveryMs) return;
      last = now;
      const write = pending;
      pending = {};
      await this.deps.lifecycle.updateTrainingJob(jobId, write);
    };
  }
}

type Reporter = (patch: TrainingJobPatch, force?: boolean) => Promise<void>;
