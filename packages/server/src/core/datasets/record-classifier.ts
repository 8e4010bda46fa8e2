// Classification jobs: each new record classified once by every deployed model of its dataset; results and webhook outbox rows written together; a record a model fails on alone is marked failed, not retried.
import type { TextClassifier } from '../classification/classify-texts.js';
import { recordClassification } from '../classification/multi-label-cutoffs.js';
import type {
  DeliveryHandoff,
  Job,
  JobRepository,
  PipelineRepository,
  RecordResult,
  RecordToClassify,
  WebhookRepository,
} from '../ports/pipeline.js';
import { leaseForHandoff } from './delivery-lease.js';
import type { DatasetRepository } from '../ports/repositories.js';
import type { PipelineEvents } from '../ports/pipeline-events.js';
import { isTransientError } from '../shared/domain-errors.js';
import type { Classification } from '../shared/types.js';
import { classificationCompleted, CLASSIFICATION_COMPLETED, subscribersOf } from './classification-event.js';
import { CLASSIFY_RECORDS_JOB, type ClassifyRecordsPayload } from './classification-jobs.js';
import { failureReason, scoreIsolatingFailures, type ModelFailure, type ScoreTexts } from './isolate-failures.js';
import { ownValue } from '../shared/own-value.js';

export interface RecordClassifierOptions {
  /** Jobs claimed per tick (the jobs of one dataset run as one batch). */
  batchJobs: number;
  /** Rows claimed per tick: jobs are added while their rows stay within this (the first job always). */
  batchRows: number;
  /** How long a claimed job stays with this process before another may take it (a crash frees it then). */
  leaseMs: number;
  /** Attempts before a job is marked failed. */
  maxAttempts: number;
  /** Delay before retrying a job that threw, by attempt (the last entry repeats). */
  retryDelaysMs: number[];
  /**
   * Rows trickling in: while the last claim took fewer rows than `gatherRows` and another tick's batch is being
   * classified, a tick waits for that classify call to end (at most `gatherMs`) before it claims, so the rows written
   * meanwhile make one batch instead of one each. 0 ms: never wait.
   */
  gatherMs: number;
  gatherRows: number;
}

/** How many of a model's best labels a record keeps for its reviewers. */
const REVIEW_LABELS = 3;

export const DEFAULT_CLASSIFIER_OPTIONS: RecordClassifierOptions = {
  batchJobs: 128,
  batchRows: 1_024,
  leaseMs: 120_000,
  maxAttempts: 10,
  retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
  gatherMs: 100,
  gatherRows: 64,
};

interface Deps {
  jobs: JobRepository;
  pipeline: PipelineRepository;
  datasets: DatasetRepository;
  webhooks: WebhookRepository;
  /** The classification use case (only `classify`, so that the composition may wrap it, e.g. in a span). */
  classifier: Pick<TextClassifier, 'classify'>;
  /** This process's dispatcher: the deliveries a batch stores are leased to it as they are inserted (none: claimed later). */
  handoff?: DeliveryHandoff;
  /** Called after results were written (the webhook dispatcher wakes up). */
  onWritten?(count: number): void;
  onError?(error: unknown, job: Job): void;
  events?: PipelineEvents;
  /**
   * Errors after which the whole job is retried later (default: the transient DomainErrors; the composition adds
   * database failures). Any other error makes the job look for the records that cause it and mark them failed.
   */
  isTransient?(error: unknown): boolean;
}

/** The claimed jobs by dataset, in claim order: each group runs as one batch. */
function byDataset(jobs: Job[]): Job[][] {
  const groups = new Map<string, Job[]>();
  for (const job of jobs) {
    const { workspace_id, dataset_id } = job.payload as unknown as ClassifyRecordsPayload;
    const key = `${workspace_id}/${dataset_id}`;
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  return [...groups.values()];
}

/** Rows of the claimed jobs (a job without a `record_ids` array counts as one, as the claim weighs it). */
const rowsOf = (jobs: Job[]) =>
  jobs.reduce((sum, job) => {
    const ids = (job.payload as { record_ids?: unknown }).record_ids;
    return sum + (Array.isArray(ids) ? ids.length : 1);
  }, 0);

export class RecordClassifier {
  /** Ticks inside their classify call now. */
  #classifying = 0;
  /** Rows of the last claim (none yet: nothing to gather). */
  #lastClaimRows = Number.POSITIVE_INFINITY;
  /** Ticks waiting for a classify call to end before they claim. */
  #gathering: Array<() => void> = [];

  constructor(
    private readonly deps: Deps,
    private readonly options: RecordClassifierOptions = DEFAULT_CLASSIFIER_OPTIONS,
  ) {}

  /**
   * Claims due jobs (up to `batchJobs`, and rows up to `batchRows` beyond the first job) and runs the jobs of each
   * dataset as one batch: one records read, one classify call (each encoder embeds the batch's texts once), one
   * results statement (which deletes the finished jobs) and one outbox statement. Returns how many jobs it claimed.
   */
  async tick(): Promise<number> {
    await this.gather();
    const jobs = await this.deps.jobs.claim(CLASSIFY_RECORDS_JOB, this.options.batchJobs, this.options.leaseMs, {
      arrayField: 'record_ids',
      max: this.options.batchRows,
    });
    if (jobs.length > 0) this.#lastClaimRows = rowsOf(jobs);
    for (const group of byDataset(jobs)) {
      try {
        const ids = group.map((job) => job.id);
        const parts = group.map((job) => ({
          ...(job.payload as unknown as ClassifyRecordsPayload),
          traceContext: job.traceContext,
        }));
        // The jobs are deleted with their results (one transaction); a batch with nothing to write deletes them here.
        if (!(await this.runBatch(parts, ids))) await this.deps.jobs.completeAll(ids);
        for (let i = 0; i < group.length; i++) this.deps.events?.jobFinished('classification', 'succeeded');
      } catch (error) {
        for (const job of group) await this.fail(job, error);
      }
    }
    return jobs.length;
  }

  /**
   * While rows trickle in (the last claim was smaller than one encoder batch) and another tick is classifying, waits
   * for that call to end (at most `gatherMs`): the rows written meanwhile are claimed together once the encoder is
   * free, instead of a few at each write, each batch paying every statement and an encoder call.
   */
  private gather(): Promise<void> {
    const { gatherMs, gatherRows } = this.options;
    if (gatherMs <= 0 || this.#classifying === 0 || this.#lastClaimRows >= gatherRows) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, gatherMs);
      this.#gathering.push(done);
    });
  }

  /** Runs a batch's classify call, counted so that gathering ticks know when the encoder is free. */
  private async classifying<T>(call: () => Promise<T>): Promise<T> {
    this.#classifying++;
    try {
      return await call();
    } finally {
      this.#classifying--;
      const waiting = this.#gathering;
      this.#gathering = [];
      for (const done of waiting) done();
    }
  }

  private async fail(job: Job, error: unknown): Promise<void> {
    this.deps.onError?.(error, job);
    const delays = this.options.retryDelaysMs;
    const delay =
      job.attempts >= this.options.maxAttempts
        ? null
        : (delays[Math.min(job.attempts - 1, delays.length - 1)] ?? 1_000);
    await this.deps.jobs.retry(job.id, error instanceof Error ? error.message : String(error), delay);
    this.deps.events?.jobFinished('classification', delay === null ? 'failed' : 'retried');
  }

  /** `traceContext`: the trace of the request that stored the rows; the classification and the events continue it. */
  async run(payload: ClassifyRecordsPayload, traceContext?: string): Promise<void> {
    await this.runBatch([{ ...payload, ...(traceContext === undefined ? {} : { traceContext }) }]);
  }

  /**
   * The rows of several jobs of one dataset, classified together; each row's outbox deliveries carry the trace of
   * the job that stored it (the classify call continues the first job's trace). `jobIds`: the jobs of these parts,
   * deleted in the transaction that writes the results; returns whether it wrote (false: nothing to write, the
   * caller deletes them).
   */
  async runBatch(
    parts: Array<ClassifyRecordsPayload & { traceContext?: string | undefined }>,
    jobIds: readonly string[] = [],
  ): Promise<boolean> {
    const first = parts[0];
    if (first === undefined) return false;
    const payload = { workspace_id: first.workspace_id, dataset_id: first.dataset_id };
    const traceContext = first.traceContext;
    const traceOf = new Map<string, string | undefined>();
    for (const part of parts) for (const id of part.record_ids) traceOf.set(String(id), part.traceContext);
    const dataset = await this.deps.datasets.get(payload.workspace_id, payload.dataset_id);
    if (!dataset) return false;
    const records = await this.deps.pipeline.unclassified(dataset.id, [...traceOf.keys()]);
    if (records.length === 0) return false;
    const textOf = (r: RecordToClassify) => ownValue(r.values, dataset.textColumn);
    const withText = records.filter((r) => {
      const t = textOf(r);
      return typeof t === 'string' && t.trim() !== '';
    });
    const score: ScoreTexts = (texts, modelIds) =>
      this.deps.classifier.classify({
        workspaceId: payload.workspace_id,
        texts,
        // The call shapes each text's best labels and decides it once; the records keep those.
        models: modelIds.map((modelId) => ({ modelId, options: { maxPredictions: REVIEW_LABELS } })),
        unusableModels: 'skip',
        ...(traceContext === undefined ? {} : { traceContext }),
      });
    const { scored, skipped, failures } = await this.classifying(() =>
      scoreIsolatingFailures(
        withText.map((r) => textOf(r) as string),
        dataset.modelIds,
        score,
        this.deps.isTransient ?? isTransientError,
      ),
    );
    const byRecord = new Map<string, Map<string, Classification>>(records.map((r) => [r.id, new Map()]));
    const review = new Map<string, string[]>(records.map((r) => [r.id, []]));
    const bestLabels = new Map<string, Map<string, Classification[]>>(records.map((r) => [r.id, new Map()]));
    for (const { model, rows, predictions, decisions } of scored) {
      rows.forEach((row, i) => {
        const decision = decisions[i];
        if (row === undefined || decision === undefined) return;
        const record = withText[i] as RecordToClassify;
        const { label, confidence, decided } = decision;
        byRecord.get(record.id)?.set(String(model.id), recordClassification(model, row, { label, confidence }));
        bestLabels.get(record.id)?.set(String(model.id), predictions[i] ?? []);
        if (!decided) review.get(record.id)?.push(String(model.id));
      });
    }
    const failed = new Map<string, ModelFailure[]>(
      [...failures].map(([i, list]) => [(withText[i] as RecordToClassify).id, list]),
    );
    const endpoints = await this.deps.webhooks.listEnabled(payload.workspace_id);
    const subscribers = subscribersOf(endpoints, CLASSIFICATION_COMPLETED);
    const noText = Object.fromEntries(
      dataset.modelIds
        .filter((id) => !Object.hasOwn(skipped, String(id)))
        .map((id) => [String(id), 'the record has no text to classify']),
    );
    const completedAt = new Date().toISOString();
    const classified = new Set(withText);
    const results: RecordResult[] = records.map((record) => {
      const classifications = Object.fromEntries(byRecord.get(record.id) ?? []);
      // A record no model classified (no text, or every model failed on it) sends no event: nothing was classified.
      const event =
        Object.keys(classifications).length === 0
          ? null
          : classificationCompleted(dataset, record, classifications, completedAt, subscribers, review.get(record.id));
      return {
        recordId: record.id,
        classifications,
        needsReview: review.get(record.id) as string[],
        topPredictions: Object.fromEntries(bestLabels.get(record.id) ?? []),
        skippedModels: classified.has(record) ? skipped : { ...skipped, ...noText },
        failedModels: Object.fromEntries(
          (failed.get(record.id) ?? []).map(({ modelId, error }) => [String(modelId), failureReason(modelId, error)]),
        ),
        event,
        ...(traceOf.get(record.id) === undefined ? {} : { traceContext: traceOf.get(record.id) as string }),
        ...(typeof textOf(record) === 'string' ? { text: textOf(record) as string } : {}),
      };
    });
    const lease = this.deps.handoff && leaseForHandoff(this.deps.handoff, endpoints);
    const written = await this.deps.pipeline.saveResults(payload.workspace_id, results, undefined, jobIds, lease);
    if (written.length > 0) this.deps.onWritten?.(written.length);
    // Reported once written: a retried or duplicated job finds the records done and reports nothing again.
    for (const recordId of written) {
      for (const { modelId, error } of failed.get(recordId) ?? []) {
        this.deps.events?.recordFailed({
          workspaceId: payload.workspace_id,
          datasetId: dataset.id,
          recordId,
          modelId,
          error,
        });
      }
    }
    return true;
  }
}
