// Kysely table types for the database (snake_case, as the migrations create them).
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  Classification,
  CellValue,
  DatasetColumn,
  DatasetStatus,
  LabelDefinition,
  ModelConfig,
  ModelMetrics,
  ModelStatus,
  ModelType,
  Plan,
  Role,
} from '../../core/shared/types.js';
import type { UploadStatus } from '../../core/ports/uploads.js';
import type { TrainingJobStatus, TrainingOptions } from '../../core/lifecycle/types.js';

/** timestamptz: read as Date; written as a Date (or an ISO string). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON; written as a JSON string (see `toJson`) so pg and PGlite serialise alike. */
export type Json<T extends object> = JSONColumnType<T, string, string>;

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  plan: Plan;
  rate_limit_per_minute: number | null;
  monthly_quota: number | null;
  billing_cycle_day: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: Generated<number>;
  workspace_id: number;
  prefix: string;
  last_four: string;
  key_hash: string;
  role: Role;
  name: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ModelsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  type: ModelType;
  status: ModelStatus;
  labels: Json<LabelDefinition[]>;
  config: Json<ModelConfig>;
  metrics: Json<ModelMetrics>;
  training_examples: number;
  last_trained: Timestamp | null;
  confidence_threshold: number;
  /** Plain text the user set with updateModel (migration 0012); null when none. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  version: ColumnType<number | null, number | null | undefined, number | null>;
  previous_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ModelVersionsTable {
  model_id: number;
  version: number;
  labels: Json<LabelDefinition[]>;
  config: Json<ModelConfig>;
  metrics: Json<ModelMetrics>;
  training_examples: number;
  trained_at: Timestamp | null;
  head_graph: Uint8Array | null;
  created_at: CreatedAt;
}

export interface ModelExamplesTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  model_id: number;
  text: string;
  label: string;
  /** Multi-label models: every label of the example (migration 0010); null for single-label examples. */
  labels: ColumnType<string[] | null, string | null | undefined, string | null>;
  source: string;
  created_at: CreatedAt;
}

/** One evaluation of a model version on a labelled set (migration 0012). */
export interface ModelEvaluationsTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  model_id: number;
  version: number;
  metrics: Json<ModelMetrics>;
  source: 'examples' | 'dataset';
  dataset_id: number | null;
  created_at: CreatedAt;
}

/** One held-out example of a version's training and its prediction (migration 0014). */
export interface ModelVersionHeldOutTable {
  model_id: number;
  version: number;
  position: number;
  /** bigint, read as a decimal string. */
  example_id: ColumnType<string, string, string>;
  text: string;
  label: string;
  predicted_label: string;
  confidence: number;
}

export interface TrainingJobsTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  model_id: number;
  status: ColumnType<TrainingJobStatus, TrainingJobStatus | undefined, TrainingJobStatus>;
  options: Json<TrainingOptions>;
  stage: ColumnType<string, string | undefined, string>;
  progress: ColumnType<number, number | undefined, number>;
  epoch: number | null;
  max_epochs: number | null;
  loss: number | null;
  version: number | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface DatasetsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  columns: Json<DatasetColumn[]>;
  text_column: string;
  model_ids: Json<number[]>;
  status: ColumnType<DatasetStatus, DatasetStatus | undefined, DatasetStatus>;
  /** int8: read as a decimal string (lossless, same on pg and PGlite); convert with Number(). */
  row_count: ColumnType<string, string | number | undefined, string | number>;
  created_at: CreatedAt;
}

export interface RecordsTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  dataset_id: number;
  values: Json<Record<string, CellValue>>;
  metadata: Json<Record<string, string>>;
  classifications: JSONColumnType<Record<string, Classification> | null, string | null | undefined, string | null>;
  needs_review: ColumnType<string[], string | undefined, string>;
  skipped_models: ColumnType<Record<string, string>, string | undefined, string>;
  /** Model id → why the model failed on this record (added by migration 0009). */
  failed_models: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: CreatedAt;
  /** When the record's models classified it (added by migration 0010; null before, and for older records). */
  classified_at: ColumnType<Date | null, never, never>;
}

/** The review queue (migration 0010): a model's records that need a human label, and the answers given. */
export interface ReviewItemsTable {
  model_id: number;
  /** bigint, read as a decimal string. */
  record_id: ColumnType<string, string, never>;
  dataset_id: ColumnType<number, number, never>;
  /** The model's top confidence for the record (null for an answered record that was never flagged). */
  confidence: number | null;
  /** The model's best labels for the record, most confident first. */
  predictions: ColumnType<Classification[], string | undefined, string>;
  classified_at: ColumnType<Date | null, Date | null | undefined, never>;
  answered_label: string | null;
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface JobsTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  attempts: ColumnType<number, number | undefined, number>;
  run_after: CreatedAt;
  locked_until: Timestamp | null;
  last_error: string | null;
  failed_at: Timestamp | null;
  created_at: CreatedAt;
  /** The W3C traceparent of the request that stored the job; null when it was not traced. */
  trace_context: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  workspace_id: number;
  url: string;
  events: Json<string[]>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  secret: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface WebhookDeliveriesTable {
  id: ColumnType<string, never, never>;
  endpoint_id: number;
  event: string;
  message_id: string;
  body: string;
  status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | undefined, 'pending' | 'succeeded' | 'failed'>;
  retries: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  /** The trace the event continues (its job's traceparent); null when untraced. */
  trace_context: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first attempt (migration 0016): null until it is recorded; webhook_attempts holds the later ones. */
  first_attempted_at: ColumnType<Date | null, never, Date | string | null>;
  first_status_code: ColumnType<number | null, never, number | null>;
  first_latency_ms: ColumnType<number | null, never, number | null>;
  first_error: ColumnType<string | null, never, string | null>;
}

export interface WebhookAttemptsTable {
  id: ColumnType<string, never, never>;
  delivery_id: string;
  attempted_at: CreatedAt;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface UploadsTable {
  /** bigserial, read as a decimal string. */
  id: ColumnType<string, never, never>;
  workspace_id: number;
  dataset_id: number;
  format: 'csv' | 'jsonl';
  status: ColumnType<UploadStatus, UploadStatus | undefined, UploadStatus>;
  /** int8 counters: read as decimal strings; convert with Number(). */
  rows_received: ColumnType<string, number | undefined, number>;
  rows_stored: ColumnType<string, number | undefined, number>;
  bytes_received: ColumnType<string, number | undefined, number>;
  error_line: ColumnType<string | null, number | null | undefined, number | null>;
  error_message: string | null;
  heartbeat_at: CreatedAt;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

/** Rows of an upload checked and waiting to be stored (unlogged; emptied when the upload ends). */
export interface UploadRowsTable {
  upload_id: string;
  row_index: number;
  values: Json<Record<string, CellValue>>;
}

export interface QuotaUsageTable {
  workspace_id: number;
  period_start: Timestamp;
  /** int8: read as a decimal string; convert with Number(). */
  used: ColumnType<string, string | number, string | number>;
  updated_at: CreatedAt;
}

export interface DatabaseSchema {
  workspaces: WorkspacesTable;
  api_keys: ApiKeysTable;
  models: ModelsTable;
  model_versions: ModelVersionsTable;
  model_examples: ModelExamplesTable;
  model_evaluations: ModelEvaluationsTable;
  model_version_held_out: ModelVersionHeldOutTable;
  training_jobs: TrainingJobsTable;
  datasets: DatasetsTable;
  records: RecordsTable;
  review_items: ReviewItemsTable;
  quota_usage: QuotaUsageTable;
  uploads: UploadsTable;
  upload_rows: UploadRowsTable;
  jobs: JobsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** Serialises a value for a jsonb column; always pass jsonb values through this. */
export const toJson = (value: unknown): string => JSON.stringify(value);
