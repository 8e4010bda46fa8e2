// Maps one row of an uploaded file onto the dataset's columns, as the row endpoints do: known columns kept, missing null, types checked.
import { checkCell } from './datasets.js';
import { DomainError, invalid } from '../shared/domain-errors.js';
import type { CellValue, Dataset, DatasetColumn } from '../shared/types.js';
import type { UploadFormat } from '../ports/uploads.js';

/** Whether a field named `text` fills the text column (it does unless a column is itself named `text`). */
const textAliases = (dataset: Dataset): boolean => !dataset.columns.some((c) => c.name === 'text');

const quoted = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** A CSV cell is a string: empty is null; number columns parse it. */
function fromCsvCell(column: DatasetColumn, raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return raw === '' ? null : raw;
  if (column.type !== 'number') return raw;
  const trimmed = raw.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value))
    throw invalid(`column "${column.name}"`, `expected a number, got ${quoted(raw)}`);
  return value;
}

/** The row's values by column; throws INVALID_PARAMETER naming the column at fault. */
export function uploadRowValues(
  dataset: Dataset,
  fields: Record<string, unknown>,
  format: UploadFormat,
): Record<string, CellValue> {
  const alias = textAliases(dataset) && Object.hasOwn(fields, 'text');
  return Object.fromEntries(
    dataset.columns.map((column) => {
      let raw = Object.hasOwn(fields, column.name) ? fields[column.name] : undefined;
      if (alias && column.name === dataset.textColumn) raw = fields.text;
      if (format === 'csv') raw = fromCsvCell(column, raw);
      return [column.name, checkCell(column, raw, `column "${column.name}"`)];
    }),
  );
}

/** A CSV header must name each column once and at least one of the dataset's columns. */
export function checkCsvHeader(dataset: Dataset, names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new DomainError('INVALID_PARAMETER', `header: column "${name}" appears twice`);
    seen.add(name);
  }
  const known = dataset.columns.some((c) => seen.has(c.name)) || (textAliases(dataset) && seen.has('text'));
  if (!known) {
    const columns = dataset.columns.map((c) => c.name).join(', ');
    throw new DomainError(
      'INVALID_PARAMETER',
      `header: names none of the dataset's columns (${columns}); the first line must be the header`,
    );
  }
}
