// The `classification.completed` webhook event, typed from the contract, and the endpoints subscribed to it.
import type { components } from '@textclass/openapi/types';
import type { OutboxEvent, WebhookEndpoint } from '../ports/pipeline.js';
import type { Classification, Dataset, DatasetRecord } from '../shared/types.js';
import { datasetKey } from './dataset-keys.js';
import { ownValue } from '../shared/own-value.js';

export type ClassificationCompletedEvent = components['schemas']['ClassificationCompletedEvent'];

export const CLASSIFICATION_COMPLETED: ClassificationCompletedEvent['event'] = 'classification.completed';

/** The endpoints that receive an event: enabled, and subscribed to its type. */
export function subscribersOf(endpoints: WebhookEndpoint[], type: string): number[] {
  return endpoints.filter((e) => e.enabled && e.events.includes(type)).map((e) => e.id);
}

/**
 * The event's `metadata`: the record's string metadata and its string-valued columns other than the text column
 * (`agent_id`, `channel` … as the dataset names them). On a name clash the column wins: it is the dataset's declared
 * field, while metadata holds what no column took. Null and number cells are left out (the contract's values are strings).
 */
export function eventMetadata(
  dataset: Dataset,
  record: Pick<DatasetRecord, 'values' | 'metadata'>,
): Record<string, string> {
  const columns = Object.entries(record.values).filter(
    (entry): entry is [string, string] => entry[0] !== dataset.textColumn && typeof entry[1] === 'string',
  );
  return { ...record.metadata, ...Object.fromEntries(columns) };
}

/** The event for one classified record, serialised once so every delivery attempt signs the same bytes; `needsReview`: the models that flagged it. */
export function classificationCompleted(
  dataset: Dataset,
  record: Pick<DatasetRecord, 'id' | 'values' | 'metadata'>,
  classifications: Record<string, Classification>,
  timestamp: string,
  endpointIds: number[],
  needsReview: string[] = [],
): OutboxEvent {
  const text = ownValue(record.values, dataset.textColumn);
  const event: ClassificationCompletedEvent = {
    event: CLASSIFICATION_COMPLETED,
    timestamp,
    dataset_id: datasetKey(dataset.id),
    row_id: record.id,
    text: typeof text === 'string' ? text : '',
    classifications,
    metadata: eventMetadata(dataset, record),
    needs_review: needsReview,
  };
  return { type: CLASSIFICATION_COMPLETED, body: JSON.stringify(event), endpointIds };
}
