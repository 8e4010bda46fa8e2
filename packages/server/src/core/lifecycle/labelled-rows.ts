// A dataset's rows whose label column holds the model's labels, read page by page as training or evaluation examples.
import { invalid, notFound } from '../shared/domain-errors.js';
import { ownValue } from '../shared/own-value.js';
import type { Workspace } from '../shared/types.js';
import type { DatasetRepository, RecordRepository } from '../ports/repositories.js';
import { splitLabels, type ExampleInput } from './multi-label-examples.js';

/** Labelled rows a dataset import or an evaluation reads at most. */
export const MAX_LABELLED_ROWS = 100_000;

/** The rows with a text and a known label (several, `|`-separated, for a multi-label model); 400 when there are none. */
export async function readLabelledRows(
  deps: { datasets: DatasetRepository; records: RecordRepository },
  workspace: Workspace,
  {
    datasetId,
    labelColumn,
    labels,
    multiLabel,
  }: { datasetId: number; labelColumn: string; labels: string[]; multiLabel: boolean },
): Promise<ExampleInput[]> {
  const dataset = await deps.datasets.get(workspace.id, datasetId);
  if (!dataset) throw notFound(`dataset ${datasetId}`);
  const known = new Set(labels);
  const rows: ExampleInput[] = [];
  for (let offset = 0; offset < MAX_LABELLED_ROWS; offset += 1000) {
    const page = await deps.records.list(dataset.id, { offset, limit: 1000 });
    for (const record of page.items) {
      const text = ownValue(record.values, dataset.textColumn);
      const label = ownValue(record.values, labelColumn) ?? ownValue(record.metadata, labelColumn);
      if (typeof text !== 'string' || text.trim() === '' || typeof label !== 'string') continue;
      if (!multiLabel) {
        if (known.has(label)) rows.push({ text, label });
        continue;
      }
      const names = splitLabels(label);
      if (names.length > 0 && names.every((n) => known.has(n))) rows.push({ text, labels: names });
    }
    if (offset + page.items.length >= page.total || page.items.length === 0) break;
  }
  if (rows.length === 0)
    throw invalid(
      'label_column',
      `dataset ${datasetId} has no rows whose "${labelColumn}" is one of the model's labels`,
    );
  return rows;
}
