// Kysely table types for the database (snake_case, as the migrations create them).
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  Classification, CellValue, DatasetColumn, DatasetStatus, LabelDefinition, ModelConfig, ModelMetrics,
  ModelStatus, ModelType, Plan, Role,
} from '../core/types.js';

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
  created_at: CreatedAt;
  updated_at: CreatedAt;
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
  created_at: CreatedAt;
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
  datasets: DatasetsTable;
  records: RecordsTable;
  quota_usage: QuotaUsageTable;
}

/** Serialises a value for a jsonb column; always pass jsonb values through this. */
export const toJson = (value: unknown): string => JSON.stringify(value);
