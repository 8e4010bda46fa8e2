// Which labels a classified record writes back: per write-back model, only when its top label cleared its cut-off (the model is not in the record's needs_review), the labels that cleared theirs.
import type { PlannedWrite, UnplannedRecord, WriteBackSettings } from '../ports/connectors.js';
import { ownValue } from '../shared/own-value.js';

/** The stable key of one write: on the remote ticket it tells a retried write that it was already made. */
export const writeMarker = (connectorId: number, w: Omit<PlannedWrite, 'labels' | 'marker' | 'remoteId'>): string =>
  `textclass-${connectorId}-${w.recordId}-${w.modelId}-v${w.modelVersion}-r${w.revision}`;

/** `versions`: each write-back model's served version (0 for a model never trained: zero-shot); a deleted model is absent. */
export function planWrites(
  connectorId: number,
  settings: WriteBackSettings,
  record: UnplannedRecord,
  versions: ReadonlyMap<number, number>,
): PlannedWrite[] {
  if (!settings.enabled) return [];
  const writes: PlannedWrite[] = [];
  for (const modelId of settings.modelIds) {
    const version = versions.get(modelId);
    const classification = ownValue(record.classifications, String(modelId));
    if (version === undefined || classification === undefined) continue;
    if (record.needsReview.includes(String(modelId))) continue;
    const labels = classification.labels ?? [classification.label];
    if (labels.length === 0) continue;
    const key = { recordId: record.recordId, revision: record.revision, modelId, modelVersion: version };
    writes.push({ ...key, remoteId: record.remoteId, labels, marker: writeMarker(connectorId, key) });
  }
  return writes;
}
