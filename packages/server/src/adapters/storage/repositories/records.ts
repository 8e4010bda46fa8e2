// Record repository: dataset rows, written all-or-none in one statement together with the dataset's row count and the jobs the core asks for them.
import type { Kysely, Selectable } from 'kysely';
import { DomainError, notFound } from '../../../core/shared/domain-errors.js';
import type { RecordRepository } from '../../../core/ports/repositories.js';
import type { Dataset, DatasetRecord, NewRecord } from '../../../core/shared/types.js';
import type { JobsForStoredRows } from '../../../core/ports/pipeline.js';
import type { DatabaseSchema, RecordsTable } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { UNTRACED, type CurrentTraceContext } from './jobs.js';
import { compareRecordIds, reserveRows, writeRows } from './record-inserts.js';
import type { JobsQueued } from './jobs-queued.js';
import { filterRecords, matchesNothing } from './record-filters.js';

/** Writes tried before giving up while the dataset's models keep changing under them (each change is an admin's). */
const MAX_ATTEMPTS = 5;

export function toDatasetRecord(row: Selectable<RecordsTable>): DatasetRecord {
  return {
    id: row.id,
    datasetId: row.dataset_id,
    values: row.values,
    metadata: row.metadata,
    classifications: row.classifications,
    needsReview: row.needs_review,
    skippedModels: row.skipped_models,
    failedModels: row.failed_models,
    createdAt: row.created_at,
  };
}

const byId = (a: Selectable<RecordsTable>, b: Selectable<RecordsTable>): number => compareRecordIds(a.id, b.id);

/**
 * `traceContext`: the trace of the request storing rows, kept with their classification jobs; `queued` is told once
 * a write that queued jobs has committed.
 */
export function createRecordRepository(
  db: Kysely<DatabaseSchema>,
  traceContext: CurrentTraceContext = UNTRACED,
  queued?: JobsQueued,
): RecordRepository {
  /**
   * Reads the dataset and draws the rows' ids in one statement, builds the rows from the dataset as read, and writes
   * them; again from the read when the dataset's models changed in between. Undefined when there is no such dataset.
   */
  async function insert(
    datasetId: number,
    workspaceId: number | undefined,
    count: number,
    build: (dataset: Dataset) => NewRecord[],
    jobsFor: JobsForStoredRows,
  ): Promise<DatasetRecord[] | undefined> {
    const trace = traceContext();
    for (let attempt = 1; ; attempt++) {
      const target = await reserveRows(db, datasetId, count, workspaceId);
      if (!target) return undefined;
      const rows = build(target.dataset);
      if (rows.length !== count) throw new Error(`${rows.length} rows built for ${count} ids`);
      rows.forEach((row, index) => {
        const context = rows.length > 1 ? `row ${index + 1} of ${rows.length}` : '';
        assertStorable(row.values, context);
        assertStorable(row.metadata, context);
      });
      // The jobs commit with their rows, so no accepted row is ever without the work the core asked for it.
      const jobs = jobsFor({
        workspaceId: target.dataset.workspaceId,
        datasetId,
        modelIds: target.dataset.modelIds,
        recordIds: target.recordIds,
      });
      const stored = await writeRows(db, datasetId, target, rows, jobs, trace);
      if (stored) {
        if (jobs.length > 0) queued?.notify();
        return stored.sort(byId).map(toDatasetRecord);
      }
      // The dataset's models changed (or it went) between the read and the write: read it again.
      if (attempt === MAX_ATTEMPTS)
        throw new DomainError('UNAVAILABLE', `dataset ds_${datasetId} changed under ${attempt} writes in a row`, {
          retryAfterSeconds: 1,
        });
    }
  }

  return {
    async insertMany(datasetId, rows, jobsFor) {
      if (rows.length === 0) return [];
      const stored = await insert(datasetId, undefined, rows.length, () => rows, jobsFor);
      if (!stored) throw notFound(`dataset ds_${datasetId}`);
      return stored;
    },

    insertBuilt(workspaceId, datasetId, count, build, jobsFor) {
      return insert(datasetId, workspaceId, count, build, jobsFor);
    },

    async list(datasetId, page, filter = {}) {
      if (matchesNothing(filter)) return { items: [], total: 0 };
      const scoped = filterRecords(db.selectFrom('records').where('dataset_id', '=', datasetId), filter);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toDatasetRecord), total: Number(counted.total) };
    },

    async listAfter(datasetId, afterId, limit) {
      let scoped = db.selectFrom('records').where('dataset_id', '=', datasetId);
      if (afterId !== undefined) scoped = scoped.where('id', '>', afterId);
      const rows = await scoped.selectAll().orderBy('id').limit(limit).execute();
      return rows.map(toDatasetRecord);
    },
  };
}
