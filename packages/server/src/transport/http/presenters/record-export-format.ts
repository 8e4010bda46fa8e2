// A dataset's records as export text: CSV (header, then a row per record) or JSON Lines (a record per line).
import type { Dataset, DatasetRecord } from '../../../core/shared/types.js';
import { ownValue } from '../../../core/shared/own-value.js';
import { csvLine } from './csv-cells.js';
import { presentRecord } from './presenters.js';

export type ExportFormat = 'csv' | 'jsonl';

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  jsonl: 'application/x-ndjson',
};

function csvHeader(dataset: Dataset): string {
  return csvLine([
    'record_id',
    'created_at',
    ...dataset.columns.map((c) => c.name),
    'metadata',
    ...dataset.modelIds.flatMap((id) => [`model_${id}_label`, `model_${id}_confidence`, `model_${id}_needs_review`]),
  ]);
}

function csvRow(dataset: Dataset, record: DatasetRecord): string {
  const models = dataset.modelIds.flatMap((id) => {
    const said = record.classifications === null ? undefined : ownValue(record.classifications, String(id));
    return said === undefined
      ? [null, null, null]
      : [said.label, said.confidence, record.needsReview.includes(String(id))];
  });
  return csvLine([
    record.id,
    record.createdAt.toISOString(),
    ...dataset.columns.map((c) => ownValue(record.values, c.name) ?? null),
    JSON.stringify(record.metadata),
    ...models,
  ]);
}

/** The export's text, one chunk per page of records (the CSV header first): pulled a page at a time. */
export async function* exportChunks(
  dataset: Dataset,
  pages: AsyncIterable<DatasetRecord[]>,
  format: ExportFormat,
): AsyncGenerator<string, void, undefined> {
  if (format === 'csv') yield csvHeader(dataset);
  for await (const page of pages) {
    yield format === 'csv'
      ? page.map((record) => csvRow(dataset, record)).join('')
      : page.map((record) => `${JSON.stringify(presentRecord(record))}\n`).join('');
  }
}
