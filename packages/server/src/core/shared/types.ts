// Domain types shared by the core, storage and HTTP layers (no transport or SQL details).

export type ModelType = 'zero-shot' | 'few-shot' | 'fine-tuned' | 'llm';
export type ModelStatus = 'deployed' | 'archived' | 'undeployed';
export type DatasetStatus = 'ready' | 'processing';
export type Role = 'reader' | 'member' | 'admin';
export type Plan = 'starter' | 'growth' | 'enterprise';
export type ColumnType = 'text' | 'number' | 'timestamp';

/** What an operator sets on a workspace; custom limits apply to `enterprise` only. */
export interface WorkspaceLimits {
  plan: Plan;
  /** Requests per minute; null means the plan's default. */
  rateLimitPerMinute: number | null;
  /** Enterprise: classified texts per billing period, null means unlimited. Other plans use the plan's quota. */
  monthlyQuota: number | null;
  billingCycleDay: number;
}

export interface Workspace extends WorkspaceLimits {
  id: number;
  name: string;
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: number;
  workspaceId: number;
  /** Visible prefix of the key (e.g. "tc_3f9a1c2b"), never the secret part. */
  prefix: string;
  lastFour: string;
  role: Role;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key as stored, with the SHA-256 hex digest that authentication compares in constant time. */
export interface StoredApiKey extends ApiKeyRecord {
  keyHash: string;
}

/** A label of a model: its name and, for zero-shot models, plain-text descriptions. */
export interface LabelDefinition {
  name: string;
  descriptions: string[];
  /** The weight of each description, in the same order (absent: every description weighs 1); stored as sent. */
  description_weights?: number[];
  /** Short example phrases zero-shot compares texts to beside the descriptions, each with its weight. */
  phrases?: WeightedText[];
}

/** A text that describes a label, with how much it counts (1 by default). */
export interface WeightedText {
  text: string;
  weight: number;
}

export interface ClassMetrics {
  precision: number;
  recall: number;
  f1: number;
  /** Evaluation examples of this label (present when measured by a training or an evaluation). */
  support?: number;
}

export interface ModelMetrics {
  accuracy: number | null;
  f1_macro: number | null;
  per_class: Record<string, ClassMetrics>;
  /** Rows: gold label, columns: predicted label, both in the model's label order. */
  confusion_matrix?: number[][];
  /** Number of labelled examples the metrics were measured on. */
  evaluated_on?: number;
}

/** Kind-specific settings, e.g. the calibrated logit scale of a zero-shot model. */
export interface ModelConfig {
  encoder: string;
  /** Multiplier applied to cosine similarities before the softmax (zero-shot calibration). */
  logitScale?: number;
  [key: string]: unknown;
}

export interface Model {
  id: number;
  workspaceId: number;
  name: string;
  type: ModelType;
  status: ModelStatus;
  labels: LabelDefinition[];
  config: ModelConfig;
  metrics: ModelMetrics;
  trainingExamples: number;
  lastTrained: Date | null;
  confidenceThreshold: number;
  /** The version the model serves when deployed (null until a trained kind has been trained). */
  version: number | null;
  /** The version served before the last deploy (what a rollback returns to). */
  previousVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewModel {
  workspaceId: number;
  name: string;
  type: ModelType;
  status: ModelStatus;
  labels: LabelDefinition[];
  config: ModelConfig;
  metrics: ModelMetrics;
  trainingExamples: number;
  lastTrained: Date | null;
  confidenceThreshold: number;
  /** null: a kind that must be trained before it has a version; otherwise (default) the definition becomes version 1. */
  version?: number | null;
}

export interface DatasetColumn {
  name: string;
  type: ColumnType;
}

export interface Dataset {
  id: number;
  workspaceId: number;
  name: string;
  columns: DatasetColumn[];
  textColumn: string;
  modelIds: number[];
  status: DatasetStatus;
  rowCount: number;
  createdAt: Date;
}

export interface NewDataset {
  workspaceId: number;
  name: string;
  columns: DatasetColumn[];
  textColumn: string;
  modelIds: number[];
}

export type CellValue = string | number | null;

export interface Classification {
  label: string;
  confidence: number;
}

export interface DatasetRecord {
  id: string;
  datasetId: number;
  values: Record<string, CellValue>;
  metadata: Record<string, string>;
  /** Null until classified; then one entry per model id (as a string). */
  classifications: Record<string, Classification> | null;
  /** Model ids (as strings) whose top confidence fell below the model's confidence_threshold; the label stays. */
  needsReview: string[];
  /** Model ids (as strings) of the dataset that did not classify the record, with the reason. */
  skippedModels: Record<string, string>;
  /** Model ids (as strings) that failed on the record's text alone, with the reason (the rest of its job went on). */
  failedModels: Record<string, string>;
  createdAt: Date;
}

export interface NewRecord {
  values: Record<string, CellValue>;
  metadata: Record<string, string>;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  offset: number;
  limit: number;
}
