// Model lifecycle types: versions, labelled examples, training jobs and their options, the export file.
import type { HeadFeatures } from '../training/clause-features.js';
import type { LabelDefinition, Model, ModelConfig, ModelMetrics, ModelStatus, ModelType } from '../shared/types.js';

/** The kinds that learn from labelled examples and serve a trained ONNX head. */
export const TRAINED_KINDS: ReadonlySet<ModelType> = new Set(['few-shot', 'fine-tuned']);

/** One trained (or defined) state of a model: what it serves when this version is deployed. */
export interface ModelVersion {
  modelId: number;
  version: number;
  labels: LabelDefinition[];
  config: ModelConfig;
  metrics: ModelMetrics;
  trainingExamples: number;
  trainedAt: Date | null;
  /** True when an ONNX head graph is stored with the version (trained kinds). */
  hasHead: boolean;
  createdAt: Date;
}

export interface NewModelVersion {
  labels: LabelDefinition[];
  config: ModelConfig;
  metrics: ModelMetrics;
  trainingExamples: number;
  trainedAt: Date | null;
  headGraph: Uint8Array | null;
  /** What the training held out and how the head trained on the rest predicted it (kept with the version). */
  heldOut?: HeldOutPrediction[];
}

/** One held-out example of a training: the text and label it saw, and the label the evaluated head predicted. */
export interface HeldOutPrediction {
  exampleId: string;
  text: string;
  label: string;
  predictedLabel: string;
  /** The calibrated probability of `predictedLabel`. */
  confidence: number;
}

/** A row (`label`), a column (`predictedLabel`) or, with both, one cell of a version's confusion matrix. */
export interface HeldOutFilter {
  label?: string | undefined;
  predictedLabel?: string | undefined;
}

/** A labelled example a model trains on. */
export interface LabelledText {
  text: string;
  /** The label; for an example of a multi-label model, its first label (all of them are in `labels`). */
  label: string;
  /** Multi-label models only: every label of the example (at least one, no repeats). */
  labels?: string[];
}

export interface ModelExample extends LabelledText {
  id: string;
  source: string;
  createdAt: Date;
}

export type TrainingJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type HeadArchitecture = 'linear' | 'mlp';
/** What a training asks its fine-tuned head to read: cross-validation's choice ('auto') or one feature set. */
export type HeadFeatureChoice = 'auto' | HeadFeatures;

export interface TrainingOptions {
  /** 'auto': cross-validation chooses between logistic regression and the MLP; 'linear' or 'mlp' restricts it. */
  architecture: HeadArchitecture | 'auto';
  /** Fine-tuned heads: 'auto' (default) cross-validates the text alone and the text with its clauses; absent on older jobs. */
  features?: HeadFeatureChoice;
  /** Share of the examples held out (stratified) for the evaluation; fixed by `seed`. */
  holdout_fraction: number;
  max_epochs: number;
  seed: number;
  /** Deploy the new version as soon as it is trained. */
  deploy: boolean;
  /** Fit per-label cut-offs to this precision (default: the model's target_precision, if it has one). */
  target_precision?: number;
}

export interface TrainingJob {
  id: string;
  modelId: number;
  status: TrainingJobStatus;
  options: TrainingOptions;
  stage: string;
  progress: number;
  epoch: number | null;
  maxEpochs: number | null;
  loss: number | null;
  version: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export type TrainingJobPatch = Partial<
  Pick<
    TrainingJob,
    'status' | 'stage' | 'progress' | 'epoch' | 'maxEpochs' | 'loss' | 'version' | 'error' | 'startedAt' | 'finishedAt'
  >
>;

/** What a lifecycle step changes on the model row, computed from the row as it is (under a lock). */
export interface ModelPatch {
  status?: ModelStatus;
  /** Copy this version's labels / config / metrics into the model and serve it. */
  version?: number;
  previousVersion?: number | null;
  /** Settings updateModel changes (model-settings.ts); absent ones keep their value. */
  name?: string;
  description?: string | null;
  confidenceThreshold?: number;
  /** The model's whole new config, written to the model and to the version it serves (after `version`, if both). */
  config?: ModelConfig;
}

/** The file `export` writes and `import` reads: a model moves between installations with it. */
export interface ModelExportFile {
  format: 'textclass.model';
  format_version: 1;
  exported_at: string;
  model: {
    name: string;
    type: ModelType;
    labels: LabelDefinition[];
    config: ModelConfig;
    metrics: ModelMetrics;
    training_examples: number;
    last_trained: string | null;
    confidence_threshold: number;
    version: number;
  };
  encoder: { id: string; sha256: string | null };
  head: { format: 'onnx'; sha256: string; data_base64: string } | null;
}

export type { Model };
