// A write of dataset rows in one statement: the rows, their jobs and the dataset's row count commit together, and the dataset row is locked only while that statement runs, so concurrent writers do not queue behind each other's round trips.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { NewJob } from '../../../core/ports/pipeline.js';
import type { Dataset, NewRecord } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema, type DatasetsTable, type RecordsTable } from '../schema.js';
import { toDataset } from './datasets.js';

/** What a write needs to know of its dataset before it runs: read without a lock, checked again by the write. */
export interface RowsTarget {
  /** The dataset as read; the write stores nothing when its models are no longer `dataset.modelIds`. */
  dataset: Dataset;
  /** Ids drawn from the records' sequence for the rows, ascending, one a row. */
  recordIds: string[];
}

/** Orders record ids (bigint as text) numerically. */
export const compareRecordIds = (a: string, b: string): number => {
  const left = BigInt(a);
  const right = BigInt(b);
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * The dataset (only in `workspaceId` when one is given) and `count` fresh record ids, in one statement (undefined when
 * there is no such dataset). Nothing is locked: the ids are the sequence's, as the records' default would draw them, so
 * a write that never lands only leaves a gap.
 */
export async function reserveRows(
  db: Kysely<DatabaseSchema>,
  datasetId: number,
  count: number,
  workspaceId?: number,
): Promise<RowsTarget | undefined> {
  const inWorkspace = workspaceId === undefined ? sql`` : sql`and workspace_id = ${workspaceId}`;
  const { rows } = await sql<Selectable<DatasetsTable> & { ids: string[] }>`
    select *, array(select nextval('records_id_seq')::text from generate_series(1, ${count}::int)) as ids
    from datasets where id = ${datasetId} ${inWorkspace}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { dataset: toDataset(row), recordIds: [...row.ids].sort(compareRecordIds) };
}

/**
 * Stores `rows` under `target.recordIds` (in order), the `jobs` and the row count's bump, all or none, in one statement
 * (its own transaction). The bump comes first and guards the rest: when the dataset is gone or its models are no
 * longer `target.dataset.modelIds` nothing is stored and undefined comes back, for the caller to read the dataset again; a
 * change of the models therefore either commits before the write (which then sees it) or waits for it.
 */
export async function writeRows(
  db: Kysely<DatabaseSchema>,
  datasetId: number,
  target: RowsTarget,
  rows: NewRecord[],
  jobs: NewJob[],
  traceContext: string | undefined,
): Promise<Selectable<RecordsTable>[] | undefined> {
  const stored = rows.map((row, index) => ({
    id: target.recordIds[index],
    values: row.values,
    metadata: row.metadata,
  }));
  const queued = jobs.map((job) => ({ kind: job.kind, payload: job.payload }));
  const { rows: written } = await sql<Selectable<RecordsTable>>`
    with bumped as (
      update datasets set row_count = row_count + ${rows.length}
      where id = ${datasetId} and model_ids = ${toJson(target.dataset.modelIds)}::jsonb
      returning id
    ), stored as (
      insert into records (id, dataset_id, values, metadata)
      select (r ->> 'id')::bigint, bumped.id, r -> 'values', r -> 'metadata'
      from bumped, jsonb_array_elements(${toJson(stored)}::jsonb) as r
      returning *
    ), queued as (
      insert into jobs (kind, payload, trace_context)
      select j ->> 'kind', j -> 'payload', ${traceContext ?? null}::text
      from bumped, jsonb_array_elements(${toJson(queued)}::jsonb) as j
    )
    select * from stored`.execute(db);
  return written.length === rows.length ? written : undefined;
}
