// Classification jobs: each new record classified once by every deployed model of its dataset; results and webhook outbox rows written together.
import { datasetKey } from './dataset-keys.js';
import type { ModelRunners } from '../classification/model-runners.js';
import { CLASSIFY_RECORDS_JOB, type ClassifyRecordsPayload, type Job, type JobRepository, type PipelineRepository, type RecordResult } from '../ports/pipeline.js';
import type { DatasetRepository, ModelRepository } from '../ports/repositories.js';
import type { EncoderProvider } from '../ports/encoders.js';
import type { Classification, Dataset, DatasetRecord, Model } from '../shared/types.js';

export const CLASSIFICATION_COMPLETED = 'classification.completed';

export interface RecordClassifierOptions {
  /** Jobs claimed per tick. */
  batchJobs: number;
  /** How long a claimed job stays with this process before another may take it (a crash frees it then). */
  leaseMs: number;
  /** Attempts before a job is marked failed. */
  maxAttempts: number;
  /** Delay before retrying a job that threw, by attempt (the last entry repeats). */
  retryDelaysMs: number[];
}

export const DEFAULT_CLASSIFIER_OPTIONS: RecordClassifierOptions = { batchJobs: 4, leaseMs: 120_000, maxAttempts: 10, retryDelaysMs: [1_000, 5_000, 30_000, 120_000] };

interface Deps {
  jobs: JobRepository;
  pipeline: PipelineRepository;
  datasets: DatasetRepository;
  models: ModelRepository;
  encoders: EncoderProvider;
  runners: ModelRunners;
  /** Called after results were written (the webhook dispatcher wakes up). */
  onWritten?(count: number): void;
  onError?(error: unknown, job: Job): void;
}

export class RecordClassifier {
  constructor(private readonly deps: Deps, private readonly options: RecordClassifierOptions = DEFAULT_CLASSIFIER_OPTIONS) {}

  /** Claims and runs due jobs; returns how many it claimed. */
  async tick(): Promise<number> {
    const jobs = await this.deps.jobs.claim(CLASSIFY_RECORDS_JOB, this.options.batchJobs, this.options.leaseMs);
    for (const job of jobs) {
      try {
        await this.run(job.payload as unknown as ClassifyRecordsPayload);
        await this.deps.jobs.complete(job.id);
      } catch (error) {
        this.deps.onError?.(error, job);
        const delays = this.options.retryDelaysMs;
        const delay = job.attempts >= this.options.maxAttempts ? null : delays[Math.min(job.attempts - 1, delays.length - 1)] ?? 1_000;
        await this.deps.jobs.retry(job.id, error instanceof Error ? error.message : String(error), delay);
      }
    }
    return jobs.length;
  }

  async run(payload: ClassifyRecordsPayload): Promise<void> {
    const dataset = await this.deps.datasets.get(payload.workspace_id, payload.dataset_id);
    if (!dataset) return;
    const records = await this.deps.pipeline.unclassified(dataset.id, payload.record_ids);
    if (records.length === 0) return;
    const skipped: Record<string, string> = {};
    const models: Model[] = [];
    for (const id of dataset.modelIds) {
      const model = await this.deps.models.get(payload.workspace_id, id);
      if (!model) skipped[String(id)] = `model ${id} no longer exists`;
      else if (model.status !== 'deployed') skipped[String(id)] = `model ${id} is ${model.status === 'archived' ? 'archived' : 'not deployed'}`;
      else models.push(model);
    }
    const textOf = (r: DatasetRecord) => r.values[dataset.textColumn];
    const withText = records.filter((r) => { const t = textOf(r); return typeof t === 'string' && t.trim() !== ''; });
    const byRecord = new Map<string, Record<string, Classification>>(records.map((r) => [r.id, {}]));
    const review = new Map<string, string[]>(records.map((r) => [r.id, []]));
    if (withText.length > 0) {
      const texts = withText.map((r) => textOf(r) as string);
      const embeddings = new Map<string, Promise<Float32Array[]>>();
      for (const model of models) {
        const encoderId = model.config.encoder;
        const embed = () => {
          if (!embeddings.has(encoderId)) embeddings.set(encoderId, this.deps.encoders.get(encoderId).embed(texts));
          return embeddings.get(encoderId)!;
        };
        const scores = await this.deps.runners.score(model, { texts, embeddings: embed });
        scores.forEach((row, i) => {
          const record = withText[i]!;
          const top = topLabel(model, row);
          byRecord.get(record.id)![String(model.id)] = top;
          if (top.confidence < model.confidenceThreshold) review.get(record.id)!.push(String(model.id));
        });
      }
    }
    const completedAt = new Date().toISOString();
    const results: RecordResult[] = records.map((record) => {
      const classifications = byRecord.get(record.id)!;
      const skippedModels = withText.includes(record) ? skipped : { ...skipped, ...noText(models) };
      const body = Object.keys(classifications).length === 0 ? null : eventBody(dataset, record, classifications, completedAt);
      return { recordId: record.id, classifications, needsReview: review.get(record.id)!, skippedModels, eventBody: body };
    });
    const written = await this.deps.pipeline.saveResults(payload.workspace_id, CLASSIFICATION_COMPLETED, results);
    if (written.length > 0) this.deps.onWritten?.(written.length);
  }
}

function noText(models: Model[]): Record<string, string> {
  return Object.fromEntries(models.map((m) => [String(m.id), 'the record has no text to classify']));
}

function topLabel(model: Model, probabilities: number[]): Classification {
  let best = 0;
  probabilities.forEach((p, i) => { if (p > (probabilities[best] ?? -1)) best = i; });
  const confidence = Math.min(1, Math.max(0, Math.round((probabilities[best] ?? 0) * 1e6) / 1e6));
  return { label: model.labels[best]?.name ?? '', confidence };
}

/** The `classification.completed` body, serialised once so every attempt signs the same bytes. */
function eventBody(dataset: Dataset, record: DatasetRecord, classifications: Record<string, Classification>, timestamp: string): string {
  const text = record.values[dataset.textColumn];
  return JSON.stringify({
    event: CLASSIFICATION_COMPLETED,
    timestamp,
    dataset_id: datasetKey(dataset.id),
    row_id: record.id,
    text: typeof text === 'string' ? text : '',
    classifications,
    metadata: record.metadata,
  });
}
