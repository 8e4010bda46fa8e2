// The `classification.completed` webhook event, typed from the contract, and the endpoints subscribed to it.
import type { components } from '@textclass/openapi/types';
import type { OutboxEvent, WebhookEndpoint } from '../ports/pipeline.js';
import type { Classification, Dataset, DatasetRecord } from '../shared/types.js';
import { datasetKey } from './dataset-keys.js';

export type ClassificationCompletedEvent = components['schemas']['ClassificationCompletedEvent'];

export const CLASSIFICATION_COMPLETED: ClassificationCompletedEvent['event'] = 'classification.completed';

/** The endpoints that receive an event: enabled, and subscribed to its type. */
export function subscribersOf(endpoints: WebhookEndpoint[], type: string): number[] {
  return endpoints.filter((e) => e.enabled && e.events.includes(type)).map((e) => e.id);
}

/** The event for one classified record, serialised once so every delivery attempt signs the same bytes. */
export function classificationCompleted(
  dataset: Dataset,
  record: DatasetRecord,
  classifications: Record<string, Classification>,
  timestamp: string,
  endpointIds: number[],
): OutboxEvent {
  const text = record.values[dataset.textColumn];
  const event: ClassificationCompletedEvent = {
    event: CLASSIFICATION_COMPLETED,
    timestamp,
    dataset_id: datasetKey(dataset.id),
    row_id: record.id,
    text: typeof text === 'string' ? text : '',
    classifications,
    metadata: record.metadata,
  };
  return { type: CLASSIFICATION_COMPLETED, body: JSON.stringify(event), endpointIds };
}
