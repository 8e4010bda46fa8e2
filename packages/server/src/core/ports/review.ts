// What the review queue needs from storage: a model's flagged records, least confident first, and human answers stored once.
import type { CellValue, Classification, DatasetRecord, Page, PageRequest } from '../shared/types.js';

/** One record waiting for a human label for one model. */
export interface ReviewItem {
  recordId: string;
  datasetId: number;
  /** The value of the dataset's text column (null when the cell holds no string). */
  text: string | null;
  values: Record<string, CellValue>;
  /** The model's top confidence for the record. */
  confidence: number | null;
  /** The model's best labels, most confident first (empty for records flagged before they were kept). */
  predictions: Classification[];
  /** When the record was classified (null for records classified before it was kept). */
  classifiedAt: Date | null;
}

/** What storing an answer did: `stored` the first answer, or found the record already answered with `label`. */
export interface AnswerOutcome {
  stored: boolean;
  label: string;
}

export interface ReviewRepository {
  /** The model's open review items in the workspace's datasets (one dataset when given), least confident first. */
  queue(workspaceId: number, modelId: number, page: PageRequest, datasetId?: number): Promise<Page<ReviewItem>>;
  /** A record of one of the workspace's datasets, with that dataset's text column. */
  record(workspaceId: number, recordId: string): Promise<{ record: DatasetRecord; textColumn: string } | undefined>;
  /**
   * In one transaction and at most once per model and record (concurrent answers queue on the item's row): marks the
   * item answered, stores `text` → `label` as an example of the model (source 'review') and takes the model off the
   * record's `needs_review`. A record already answered is left as it is and its first label returned.
   */
  answer(modelId: number, recordId: string, label: string, text: string): Promise<AnswerOutcome>;
}
