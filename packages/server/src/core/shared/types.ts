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
  /**
   * Zero-shot evaluations: where accuracy, F1, the per-class figures and the confusion matrix were measured: out of
   * fold (each fold predicted by what was fitted on the other `folds`) or on the evaluation set itself.
   */
  measured_on?: 'out-of-fold' | 'evaluation-set';
  folds?: number;
  /** Multi-label models: F1 over every (example, label) decision pooled. */
  f1_micro?: number | null;
  /** Multi-label models: share of examples whose predicted label set equals the gold set (`accuracy` is the same number). */
  subset_accuracy?: number | null;
  /** Multi-label models: share of (example, label) decisions that are wrong. */
  hamming_loss?: number | null;
  /** Cut-offs a training fitted to its target precision (core/training/label-cutoffs.ts), by label name. */
  cutoffs?: Record<string, LabelCutoffMetrics>;
  /** What those cut-offs decided over every out-of-fold text together. */
  cutoff_summary?: CutoffSummary;
  /** How the served confidences were calibrated and how well (core/training/calibration-report.ts). */
  calibration?: ModelCalibration;
  /** Single-label zero-shot models evaluated on too few labelled texts to calibrate: why the served calibration was kept. */
  calibration_not_fitted?: CalibrationNotFitted;
}

/** Why an evaluation did not fit a zero-shot model's scoring rule and temperature (the version keeps serving what it did). */
export interface CalibrationNotFitted {
  reason: string;
  /** Labelled texts of the evaluation set. */
  examples: number;
  /** Distinct labels among them. */
  labels: number;
}

/** One label's fitted cut-off on the top confidence, with what it decided on out-of-fold predictions. */
export interface LabelCutoffMetrics {
  /** Texts whose top label this is are auto-decided at or above it; 1 means never. */
  threshold: number;
  /** Precision of the out-of-fold texts the cut-off decides; null when it decides none. */
  expected_precision: number | null;
  /** Share of the out-of-fold texts predicted as this label that the cut-off decides. */
  coverage: number;
  /** Out-of-fold texts predicted as this label (what the cut-off was fitted on). */
  predicted: number;
  /** False when no cut-off reached the target (then the threshold is 1). */
  target_met: boolean;
}

export interface CutoffSummary {
  target_precision: number;
  /** Precision of every auto-decided out-of-fold text; null when none is decided. */
  expected_precision: number | null;
  /** Share of the out-of-fold texts auto-decided. */
  coverage: number;
  /** Out-of-fold texts the cut-offs were fitted on. */
  evaluated_on: number;
}

/** A reliability bin: rows whose top confidence lies in (lower, upper]. */
export interface ReliabilityBin {
  lower: number;
  upper: number;
  count: number;
  /** Mean top confidence of the bin's rows; null when the bin is empty. */
  mean_confidence: number | null;
  /** Share of the bin's rows whose top label is right; null when the bin is empty. */
  accuracy: number | null;
}

/** A zero-shot model's scoring rule, chosen on labelled texts: each rule's mean negative log-likelihood after its own temperature fit. */
export interface ZeroShotScoringChoice {
  chosen: 'pooled' | 'mean';
  nll_pooled: number;
  nll_mean: number;
  /** Labelled texts the two rules were compared on. */
  examples: number;
}

/** Temperature scaling of a model's confidences and its expected calibration error (10 equal-width bins) before and after. */
export interface ModelCalibration {
  method: 'temperature';
  /** Served probabilities are softmax(logits / temperature). */
  temperature: number;
  /** What the temperature was fitted on: out-of-fold predictions of the training examples, or an evaluation set. */
  fitted_on: 'out-of-fold' | 'evaluation-set';
  /** What the ECE and the table were measured on: the held-out examples, else the out-of-fold predictions. */
  measured_on: 'held-out' | 'out-of-fold' | 'evaluation-set';
  /** Rows measured. */
  examples: number;
  /** Measured out of fold on an evaluation set: each text's confidence came from a fit on the other k − 1 folds. */
  folds?: number;
  ece_before: number | null;
  ece_after: number | null;
  /** The ECE a perfectly calibrated model would show on as many rows with these confidences (sampling noise); absent on versions trained before it was reported. */
  ece_noise_floor?: number | null;
  /** Zero-shot models: the scoring rule chosen on the calibration texts and each rule's likelihood; absent on other kinds and when too few texts were labelled. */
  zero_shot_scoring?: ZeroShotScoringChoice;
  /** After calibration. */
  reliability: ReliabilityBin[];
}

/** Kind-specific settings, e.g. the calibrated logit scale of a zero-shot model. */
export interface ModelConfig {
  encoder: string;
  /** Multiplier applied to cosine similarities before the softmax (zero-shot calibration). */
  logitScale?: number;
  /** How a zero-shot model scores a label's texts, chosen on its labelled texts at calibration; absent: pooled. */
  zeroShotScoring?: 'pooled' | 'mean';
  /** Cut-offs the user set per label (label → [0, 1]); they win over fitted ones (see core/classification/label-thresholds.ts). */
  label_thresholds?: Record<string, number>;
  /** The precision the cut-offs of this version were (or the next training's are) fitted to, 0.5–0.999. */
  target_precision?: number;
  /** Set at creation and never changed: examples may carry several labels and scores are independent sigmoids. */
  multi_label?: boolean;
  /** Multi-label models: label → cut-off in [0, 1] a label's score must reach for the text to get it (default 0.5). */
  multi_label_cutoffs?: Record<string, number>;
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
  /** Plain text the user set with updateModel; null (or absent on a model built in code) when none. */
  description?: string | null;
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
  /** Multi-label models: every label whose score clears its cut-off, highest score first (may be empty). */
  labels?: string[];
}

export interface DatasetRecord {
  id: string;
  datasetId: number;
  values: Record<string, CellValue>;
  metadata: Record<string, string>;
  /** Null until classified; then one entry per model id (as a string). */
  classifications: Record<string, Classification> | null;
  /** Model ids (as strings) whose top confidence fell below the cut-off of its top label (effectiveLabelThresholds); the label stays. */
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
