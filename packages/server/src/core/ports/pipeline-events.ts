// What the background pipeline tells its observers (metrics, logs): jobs finished, records a model failed on, webhook attempts, endpoints disabled, uploads, trainings; and the backlog the database holds.
import { CLASSIFY_RECORDS_JOB } from '../datasets/classification-jobs.js';
import { TRAIN_MODEL_JOB } from './lifecycle.js';

/** The kinds of background work, a closed set (metric labels stay bounded). */
export type JobKind = 'classification' | 'training' | 'upload';
export const JOB_KINDS: readonly JobKind[] = ['classification', 'training', 'upload'];

/** The job queue's `kind` column → the kind reported; queue kinds not listed here are not reported. */
export const JOB_KIND_OF_QUEUE: Readonly<Record<string, JobKind>> = {
  [CLASSIFY_RECORDS_JOB]: 'classification',
  [TRAIN_MODEL_JOB]: 'training',
};

/** succeeded: done; retried: failed this time, runs again later; failed: given up. */
export type JobOutcome = 'succeeded' | 'retried' | 'failed';

/** succeeded: 2xx; retrying: failed, another attempt is scheduled; failed: given up (last retry, 410, or endpoint disabled). */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

export interface DeliveryAttemptReport {
  deliveryId: string;
  endpointId: number;
  event: string;
  outcome: DeliveryOutcome;
  /** The receiver's status, or null when it did not answer (timeout, connection error) or was not called. */
  statusCode: number | null;
  error: string | null;
  /** Failed attempts before this one since the schedule (re)started. */
  retries: number;
  nextAttemptAt: Date | null;
  /** Seconds from the event stored in the outbox to this 2xx; null unless succeeded. */
  lagSeconds: number | null;
}

/** A model failed on one dataset record alone (deterministically): the record was written with it in failed_models. */
export interface RecordFailureReport {
  workspaceId: number;
  datasetId: number;
  recordId: string;
  modelId: number;
  /** What the model threw (for the log; the record shows only a client-safe reason). */
  error: unknown;
}

export interface PipelineEvents {
  jobFinished(kind: JobKind, outcome: JobOutcome): void;
  /** A classification job wrote a record that a model failed on; the rest of the job went on. */
  recordFailed(report: RecordFailureReport): void;
  deliveryAttempted(report: DeliveryAttemptReport): void;
  /** The dispatcher turned an endpoint off (the receiver answered 410). */
  endpointDisabled(endpointId: number, reason: string): void;
  /** A training ended (succeeded or failed for good) after `seconds` of work. */
  trainingFinished(outcome: 'succeeded' | 'failed', seconds: number): void;
  /** An upload's body was received whole (`bytes` after gzip decoding). */
  uploadReceived(bytes: number): void;
  /** An upload ended: stored all its rows, or none. */
  uploadFinished(outcome: 'succeeded' | 'failed', rowsStored: number): void;
}

/** Observers that ignore everything (the default where nobody listens). */
export const IGNORE_PIPELINE_EVENTS: PipelineEvents = {
  jobFinished: () => undefined,
  recordFailed: () => undefined,
  deliveryAttempted: () => undefined,
  endpointDisabled: () => undefined,
  trainingFinished: () => undefined,
  uploadReceived: () => undefined,
  uploadFinished: () => undefined,
};

/** Tells every observer in turn. */
export function allOf(...observers: PipelineEvents[]): PipelineEvents {
  return {
    jobFinished: (kind, outcome) => observers.forEach((o) => o.jobFinished(kind, outcome)),
    recordFailed: (report) => observers.forEach((o) => o.recordFailed(report)),
    deliveryAttempted: (report) => observers.forEach((o) => o.deliveryAttempted(report)),
    endpointDisabled: (id, reason) => observers.forEach((o) => o.endpointDisabled(id, reason)),
    trainingFinished: (outcome, seconds) => observers.forEach((o) => o.trainingFinished(outcome, seconds)),
    uploadReceived: (bytes) => observers.forEach((o) => o.uploadReceived(bytes)),
    uploadFinished: (outcome, rows) => observers.forEach((o) => o.uploadFinished(outcome, rows)),
  };
}

/** Work waiting in the database, across every server process that shares it. */
export interface PipelineBacklog {
  jobs: Array<{ kind: JobKind; pending: number; oldestAgeSeconds: number }>;
  /** Webhook deliveries still pending (due now or waiting for a retry); absent when not counted this time. */
  webhookBacklog?: number;
}

/** Reads the backlog from storage (one consistent look, all processes together). */
export interface PipelineStats {
  /**
   * `countWebhooks` false: the jobs only. Counting pending deliveries visits every one of them (a backlog of 20,000
   * took ~10 ms of PGlite's thread and pushed other pages out of its buffers), so the caller decides how often.
   */
  backlog(options?: { countWebhooks?: boolean }): Promise<PipelineBacklog>;
}
