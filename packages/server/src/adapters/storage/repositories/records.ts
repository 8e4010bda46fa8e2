// Record repository: dataset rows, written all-or-none together with the dataset's row count and the jobs the core asks for them.
import type { Kysely, Selectable } from 'kysely';
import { notFound } from '../../../core/shared/domain-errors.js';
import type { RecordRepository } from '../../../core/ports/repositories.js';
import type { DatasetRecord, NewRecord } from '../../../core/shared/types.js';
import type { JobsForStoredRows } from '../../../core/ports/pipeline.js';
import { toJson, type DatabaseSchema, type RecordsTable } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { enqueueJobsFor, UNTRACED, type CurrentTraceContext } from './jobs.js';
import type { JobsQueued } from './jobs-queued.js';
import { filterRecords, matchesNothing } from './record-filters.js';

/** Rows per INSERT statement: 3 bound values each stays far below PostgreSQL's 65,535-parameter limit. */
const INSERT_CHUNK = 1000;

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

const byId = (a: Selectable<RecordsTable>, b: Selectable<RecordsTable>): number => {
  const left = BigInt(a.id);
  const right = BigInt(b.id);
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * `traceContext`: the trace of the request storing rows, kept with their classification jobs; `queued` is told once
 * a write that queued jobs has committed.
 */
export function createRecordRepository(
  db: Kysely<DatabaseSchema>,
  traceContext: CurrentTraceContext = UNTRACED,
  queued?: JobsQueued,
): RecordRepository {
  return {
    async insertMany(datasetId, rows: NewRecord[], jobsFor: JobsForStoredRows) {
      if (rows.length === 0) return [];
      rows.forEach((row, index) => {
        const context = rows.length > 1 ? `row ${index + 1} of ${rows.length}` : '';
        assertStorable(row.values, context);
        assertStorable(row.metadata, context);
      });
      const trace = traceContext();
      let jobs = 0;
      const inserted = await db.transaction().execute(async (trx) => {
        // Bumping the count first also locks the dataset row, so concurrent batches queue up behind it.
        const bumped = await trx
          .updateTable('datasets')
          .set((eb) => ({ row_count: eb('row_count', '+', String(rows.length)) }))
          .where('id', '=', datasetId)
          .returning(['workspace_id', 'model_ids'])
          .executeTakeFirst();
        if (!bumped) throw notFound(`dataset ds_${datasetId}`);
        const stored: Selectable<RecordsTable>[] = [];
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          const chunk = rows.slice(start, start + INSERT_CHUNK).map((row) => ({
            dataset_id: datasetId,
            values: toJson(row.values),
            metadata: toJson(row.metadata),
          }));
          const written = await trx.insertInto('records').values(chunk).returningAll().execute();
          stored.push(...written);
          // The jobs commit with their rows, so no accepted row is ever without the work the core asked for it.
          jobs += await enqueueJobsFor(
            trx,
            jobsFor,
            {
              workspaceId: bumped.workspace_id,
              datasetId,
              modelIds: bumped.model_ids,
              recordIds: written.map((r) => r.id),
            },
            trace,
          );
        }
        return stored;
      });
      if (jobs > 0) queued?.notify();
      return inserted.sort(byId).map(toDatasetRecord);
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
