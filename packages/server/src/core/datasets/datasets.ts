// Datasets: creation, row ingestion (item and record endpoints) and listing, scoped to a workspace.
import { classificationJobs } from './classification-jobs.js';
import { datasetKey, parseDatasetKey } from './dataset-keys.js';
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { DatasetRepository, ModelRepository, RecordFilter, RecordRepository } from '../ports/repositories.js';
import type {
  CellValue,
  Dataset,
  DatasetColumn,
  DatasetRecord,
  NewRecord,
  Page,
  PageRequest,
} from '../shared/types.js';
import { ownValue } from '../shared/own-value.js';
import { recordPages } from './record-pages.js';

const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_ROWS_PER_ITEM_CALL = 8;

export interface CreateDatasetInput {
  name: string;
  columns: DatasetColumn[];
  textColumn: string;
  modelIds: number[];
}

export class DatasetService {
  constructor(
    private readonly datasets: DatasetRepository,
    private readonly records: RecordRepository,
    private readonly models: ModelRepository,
  ) {}

  async create(workspaceId: number, input: CreateDatasetInput): Promise<Dataset> {
    const seen = new Set<string>();
    input.columns.forEach((column, i) => {
      if (RESERVED_NAMES.has(column.name)) throw invalid(`columns[${i}].name`, `"${column.name}" is a reserved name`);
      if (seen.has(column.name)) throw invalid(`columns[${i}].name`, `duplicate column "${column.name}"`);
      seen.add(column.name);
    });
    const textColumn = input.columns.find((c) => c.name === input.textColumn);
    if (!textColumn) throw invalid('text_column', `"${input.textColumn}" is not one of the columns`);
    if (textColumn.type !== 'text') throw invalid('text_column', `column "${input.textColumn}" must have type text`);
    const modelIds = [...new Set(input.modelIds)];
    for (const id of modelIds) {
      if (!(await this.models.get(workspaceId, id))) throw invalid('model_ids', `model ${id} does not exist`);
    }
    return this.datasets.create({
      workspaceId,
      name: input.name,
      columns: input.columns,
      textColumn: input.textColumn,
      modelIds,
    });
  }

  list(workspaceId: number, page: PageRequest): Promise<Page<Dataset>> {
    return this.datasets.list(workspaceId, page);
  }

  async get(workspaceId: number, key: string | number): Promise<Dataset> {
    const id = typeof key === 'number' ? key : parseDatasetKey(key);
    const dataset = await this.datasets.get(workspaceId, id);
    if (!dataset) throw notFound(`dataset ${typeof key === 'number' ? datasetKey(key) : key}`);
    return dataset;
  }

  /** POST /v2/dataset/{id}/item (key `ds_<id>` or bare id): rows keep known columns only; missing columns are null. All or none. */
  async addRows(
    workspaceId: number,
    key: string | number,
    rows: Array<Record<string, unknown>>,
  ): Promise<DatasetRecord[]> {
    if (rows.length > MAX_ROWS_PER_ITEM_CALL) throw invalid('rows', `at most ${MAX_ROWS_PER_ITEM_CALL} rows per call`);
    return this.insertInto(workspaceId, key, rows.length, (dataset) =>
      rows.map((row, i) => ({ values: rowValues(dataset, row, `rows[${i}]`), metadata: {} })),
    );
  }

  /** POST /v2/datasets/{id}/records: column fields fill columns, `text` fills the text column, other strings go to metadata. */
  async pushRecord(workspaceId: number, key: string, body: Record<string, unknown>): Promise<DatasetRecord> {
    const [stored] = await this.insertInto(workspaceId, key, 1, (dataset) => [pushedRecord(dataset, body)]);
    if (!stored) throw new Error('record insert returned no row');
    return stored;
  }

  /** A page of the dataset's records, narrowed by `filter` (every filter given applies). */
  async listRecords(
    workspaceId: number,
    key: string,
    page: PageRequest,
    filter: RecordFilter = {},
  ): Promise<Page<DatasetRecord>> {
    const dataset = await this.get(workspaceId, key);
    return this.records.list(dataset.id, page, filter);
  }

  /** The dataset (found before any record is read: an unknown one fails first) and its records, a page at a time. */
  async exportRecords(
    workspaceId: number,
    key: string,
    pageRows?: number,
  ): Promise<{ dataset: Dataset; pages: AsyncGenerator<DatasetRecord[], void, undefined> }> {
    const dataset = await this.get(workspaceId, key);
    return { dataset, pages: recordPages(this.records, dataset.id, pageRows) };
  }

  /**
   * Stores the rows `build` makes from the dataset as read in the write's own first statement (one read a write): an
   * unknown dataset is NOT_FOUND, one still processing an upload DATASET_PROCESSING, before any row is built.
   */
  private async insertInto(
    workspaceId: number,
    key: string | number,
    count: number,
    build: (dataset: Dataset) => NewRecord[],
  ): Promise<DatasetRecord[]> {
    const id = typeof key === 'number' ? key : parseDatasetKey(key);
    const writable = (dataset: Dataset): NewRecord[] => {
      if (dataset.status === 'processing') {
        throw new DomainError(
          'DATASET_PROCESSING',
          `dataset ${datasetKey(dataset.id)} is processing; retry when it is ready`,
        );
      }
      return build(dataset);
    };
    const stored = await this.records.insertBuilt(workspaceId, id, count, writable, classificationJobs);
    if (!stored) throw notFound(`dataset ${typeof key === 'number' ? datasetKey(key) : key}`);
    return stored;
  }
}

/** A record pushed to the records endpoint: column fields fill columns, `text` the text column, other strings metadata. */
function pushedRecord(dataset: Dataset, body: Record<string, unknown>): NewRecord {
  const columnNames = new Set(dataset.columns.map((c) => c.name));
  const merged: Record<string, unknown> = Object.fromEntries([
    ...Object.entries(body).filter(([k]) => columnNames.has(k)),
    ...(typeof body.text === 'string' && !columnNames.has('text') ? [[dataset.textColumn, body.text]] : []),
  ]);
  const metadata = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => !columnNames.has(k) && k !== 'text' && typeof v === 'string'),
  ) as Record<string, string>;
  const record: NewRecord = { values: rowValues(dataset, merged, 'body'), metadata };
  const text = ownValue(record.values, dataset.textColumn);
  if (typeof text !== 'string' || text.trim() === '') {
    throw new DomainError(
      'MISSING_REQUIRED_FIELD',
      `text: a non-empty text is required (it fills column "${dataset.textColumn}")`,
    );
  }
  return record;
}

function rowValues(dataset: Dataset, row: Record<string, unknown>, field: string): Record<string, CellValue> {
  return Object.fromEntries(
    dataset.columns.map((column) => {
      const value = Object.hasOwn(row, column.name) ? row[column.name] : null;
      return [column.name, checkCell(column, value, `${field}.${column.name}`)];
    }),
  );
}

export function checkCell(column: DatasetColumn, value: unknown, field: string): CellValue {
  if (value === null || value === undefined) return null;
  if (column.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(field, 'expected a number');
    return value;
  }
  if (typeof value !== 'string')
    throw invalid(field, `expected a ${column.type === 'text' ? 'string' : 'timestamp string'}`);
  if (column.type === 'text' && value.length > 10_000) throw invalid(field, 'text is longer than 10,000 characters');
  if (column.type === 'timestamp' && !isIsoTimestamp(value)) throw invalid(field, 'expected an ISO 8601 timestamp');
  return value;
}

function isIsoTimestamp(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}
