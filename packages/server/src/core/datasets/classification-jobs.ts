// The ingestion outbox rule: rows of a dataset with models get one classification job per write, stored with them.
import type { JobsForStoredRows } from '../ports/pipeline.js';

export const CLASSIFY_RECORDS_JOB = 'classify-records';

/** Payload of a classification job: the rows one ingestion transaction stored. */
export interface ClassifyRecordsPayload {
  workspace_id: number;
  dataset_id: number;
  record_ids: string[];
}

/** Every stored row of a dataset with models gets classified: one job for the rows of one write. */
export const classificationJobs: JobsForStoredRows = ({ workspaceId, datasetId, modelIds, recordIds }) => {
  if (modelIds.length === 0 || recordIds.length === 0) return [];
  const payload: ClassifyRecordsPayload = { workspace_id: workspaceId, dataset_id: datasetId, record_ids: recordIds };
  return [{ kind: CLASSIFY_RECORDS_JOB, payload: { ...payload } }];
};
