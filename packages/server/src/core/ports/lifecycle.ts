// What the model lifecycle needs from storage: versions with their head graphs, labelled examples, training jobs.
import type { Page, PageRequest, Model } from '../shared/types.js';
import type {
  HeldOutFilter,
  HeldOutPrediction,
  LabelledText,
  ModelExample,
  ModelPatch,
  ModelVersion,
  NewModelVersion,
  TrainingJob,
  TrainingJobPatch,
  TrainingOptions,
} from '../lifecycle/types.js';

export interface ModelLifecycleRepository {
  /** Adds the next version of a model (numbers start at 1 and never repeat). */
  addVersion(modelId: number, version: NewModelVersion): Promise<ModelVersion>;
  listVersions(modelId: number): Promise<ModelVersion[]>;
  getVersion(modelId: number, version: number): Promise<ModelVersion | undefined>;
  headGraph(modelId: number, version: number): Promise<Uint8Array | undefined>;
  /** A page of the version's held-out predictions, in the order the training held them out. */
  heldOut(modelId: number, version: number, page: PageRequest, filter: HeldOutFilter): Promise<Page<HeldOutPrediction>>;
  /** Whether the version keeps its held-out predictions (versions trained before they were kept do not). */
  keepsHeldOut(modelId: number, version: number): Promise<boolean>;
  /**
   * Replaces a version's metrics (an evaluation on a labelled set); mirrored on the model when it is the current version.
   * `configPatch` (e.g. the cut-offs a zero-shot multi-label model fits on the set) is merged into its config likewise.
   */
  setVersionMetrics(
    modelId: number,
    version: number,
    metrics: ModelVersion['metrics'],
    evaluatedAt: Date,
    configPatch?: Partial<ModelVersion['config']>,
  ): Promise<void>;
  /**
   * Locks the model row, lets `decide` compute the change from the row as it is (it may throw a DomainError),
   * applies it (a version's labels, config and metrics are copied onto the model) and returns the model after it.
   */
  update(
    workspaceId: number,
    modelId: number,
    decide: (model: Model) => ModelPatch | Promise<ModelPatch>,
  ): Promise<Model | undefined>;
  /** Deletes the model with its versions, examples and training jobs; false when it was not there. */
  remove(workspaceId: number, modelId: number): Promise<boolean>;

  /** Stores examples; a text already there gets the new label. Returns how many were new. */
  addExamples(modelId: number, examples: LabelledText[], source: string): Promise<number>;
  examples(modelId: number): Promise<ModelExample[]>;
  /** Examples per label. */
  exampleCounts(modelId: number): Promise<Record<string, number>>;

  /** Creates the training job and its queue entry in one transaction. */
  createTrainingJob(workspaceId: number, modelId: number, options: TrainingOptions): Promise<TrainingJob>;
  /**
   * Creates a training job as createTrainingJob does, unless a training of the model is queued or running: under the
   * model's row lock, so requests at the same moment make one job. `created` is false when the answer is the pending job.
   */
  startTrainingJob(
    workspaceId: number,
    modelId: number,
    options: TrainingOptions,
  ): Promise<{ job: TrainingJob; created: boolean }>;
  /** The model's newest training that is queued or running, if any. */
  pendingTrainingJob(modelId: number): Promise<TrainingJob | undefined>;
  getTrainingJob(modelId: number, id: string): Promise<TrainingJob | undefined>;
  getTrainingJobById(id: string): Promise<TrainingJob | undefined>;
  listTrainingJobs(modelId: number, page: PageRequest): Promise<Page<TrainingJob>>;
  updateTrainingJob(id: string, patch: TrainingJobPatch): Promise<void>;
}

export const TRAIN_MODEL_JOB = 'train_model';

/** The queue payload of a training job. */
export interface TrainModelPayload {
  [key: string]: unknown;
  workspace_id: number;
  model_id: number;
  training_job_id: string;
}
