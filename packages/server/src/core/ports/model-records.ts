// What the examples and evaluation endpoints need from storage: a model's examples by id (page, edit, delete) and its evaluations kept per version.
import type { ModelMetrics, Page, PageRequest } from '../shared/types.js';
import type { LabelledText, ModelExample } from '../lifecycle/types.js';

export interface ModelExampleRepository {
  /** A page of the model's examples, oldest first; `label` keeps those with that label (among their labels). */
  list(modelId: number, page: PageRequest, filter: { label?: string }): Promise<Page<ModelExample>>;
  get(modelId: number, exampleId: string): Promise<ModelExample | undefined>;
  /**
   * Replaces the example's text and labels (and its source). 'conflict' when another example of the model has the
   * text; undefined when the example is not the model's.
   */
  update(
    modelId: number,
    exampleId: string,
    change: LabelledText,
    source: string,
  ): Promise<ModelExample | 'conflict' | undefined>;
  /** False when the example is not the model's. */
  remove(modelId: number, exampleId: string): Promise<boolean>;
}

/** One evaluation of a model version on a labelled set. */
export interface ModelEvaluation {
  id: string;
  modelId: number;
  version: number;
  metrics: ModelMetrics;
  source: 'examples' | 'dataset';
  datasetId: number | null;
  createdAt: Date;
}

export type NewModelEvaluation = Omit<ModelEvaluation, 'id' | 'createdAt'>;

export interface ModelEvaluationRepository {
  add(evaluation: NewModelEvaluation): Promise<ModelEvaluation>;
  /** A page of the model's evaluations, newest first; `version` keeps one version's. */
  list(modelId: number, page: PageRequest, filter: { version?: number }): Promise<Page<ModelEvaluation>>;
}
