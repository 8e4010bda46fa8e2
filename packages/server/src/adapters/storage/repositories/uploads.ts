// Upload repository: claims the dataset, stages checked rows apart, then stores them all in one transaction or none.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Upload, UploadError, UploadRepository } from '../../../core/ports/uploads.js';
import { toJson, type DatabaseSchema, type UploadsTable } from '../schema.js';
import { enqueueJobsFor, UNTRACED, type CurrentTraceContext } from './jobs.js';

/** Rows per staging INSERT and per move into records (3 bound values per staged row). */
const CHUNK = 1000;

export function toUpload(row: Selectable<UploadsTable>): Upload {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    datasetId: row.dataset_id,
    format: row.format,
    status: row.status,
    rowsReceived: Number(row.rows_received),
    rowsStored: Number(row.rows_stored),
    bytesReceived: Number(row.bytes_received),
    error:
      row.error_message === null
        ? null
        : { line: row.error_line === null ? null : Number(row.error_line), message: row.error_message },
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** Fails a processing upload inside `trx`: its staging rows go and its dataset is ready again. */
async function failIn(trx: Transaction<DatabaseSchema>, uploadId: string, error: UploadError): Promise<boolean> {
  const failed = await trx
    .updateTable('uploads')
    .set({
      status: 'failed',
      error_line: error.line,
      error_message: error.message,
      completed_at: sql<Date>`now()`,
      rows_stored: 0,
    })
    .where('id', '=', uploadId)
    .where('status', '=', 'processing')
    .returning('dataset_id')
    .executeTakeFirst();
  if (!failed) return false;
  await trx.deleteFrom('upload_rows').where('upload_id', '=', uploadId).execute();
  await trx.updateTable('datasets').set({ status: 'ready' }).where('id', '=', failed.dataset_id).execute();
  return true;
}

/** `traceContext`: the trace of the operation completing an upload, kept with its rows' classification jobs. */
export function createUploadRepository(
  db: Kysely<DatabaseSchema>,
  traceContext: CurrentTraceContext = UNTRACED,
): UploadRepository {
  return {
    async begin(workspaceId, datasetId, format) {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('datasets')
          .set({ status: 'processing' })
          .where('id', '=', datasetId)
          .where('workspace_id', '=', workspaceId)
          .where('status', '=', 'ready')
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) {
          const exists = await trx
            .selectFrom('datasets')
            .select('id')
            .where('id', '=', datasetId)
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst();
          return exists ? ('busy' as const) : ('missing' as const);
        }
        const row = await trx
          .insertInto('uploads')
          .values({ workspace_id: workspaceId, dataset_id: datasetId, format })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toUpload(row);
      });
    },

    async get(workspaceId, datasetId, uploadId) {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', uploadId)
        .where('workspace_id', '=', workspaceId)
        .where('dataset_id', '=', datasetId)
        .executeTakeFirst();
      return row && toUpload(row);
    },

    async list(workspaceId, datasetId, page) {
      const scoped = db
        .selectFrom('uploads')
        .where('workspace_id', '=', workspaceId)
        .where('dataset_id', '=', datasetId);
      const [rows, counted] = await Promise.all([
        // Ids grow with time (bigserial): newest first, a stable order even for uploads begun in the same instant.
        scoped.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toUpload), total: Number(counted.total) };
    },

    async received(uploadId, bytes) {
      const row = await db
        .updateTable('uploads')
        .set({ bytes_received: bytes, heartbeat_at: sql<Date>`now()` })
        .where('id', '=', uploadId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUpload(row);
    },

    async discard(uploadId) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('uploads')
          .where('id', '=', uploadId)
          .returning(['dataset_id', 'status'])
          .executeTakeFirst();
        if (gone?.status === 'processing')
          await trx.updateTable('datasets').set({ status: 'ready' }).where('id', '=', gone.dataset_id).execute();
      });
    },

    async heartbeat(uploadId) {
      const result = await db
        .updateTable('uploads')
        .set({ heartbeat_at: sql<Date>`now()` })
        .where('id', '=', uploadId)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async stage(uploadId, firstIndex, rows) {
      return db.transaction().execute(async (trx) => {
        const alive = await trx
          .updateTable('uploads')
          .set({ rows_received: firstIndex + rows.length, heartbeat_at: sql<Date>`now()` })
          .where('id', '=', uploadId)
          .where('status', '=', 'processing')
          .executeTakeFirst();
        if (alive.numUpdatedRows === 0n) return false;
        for (let start = 0; start < rows.length; start += CHUNK) {
          const chunk = rows
            .slice(start, start + CHUNK)
            .map((values, i) => ({ upload_id: uploadId, row_index: firstIndex + start + i, values: toJson(values) }));
          await trx.insertInto('upload_rows').values(chunk).execute();
        }
        return true;
      });
    },

    async complete(uploadId, jobsFor) {
      const trace = traceContext();
      return db.transaction().execute(async (trx) => {
        // Taking the upload first locks it: a concurrent fail (another process's stale sweep) waits, then finds it completed.
        const upload = await trx
          .updateTable('uploads')
          .set({ status: 'completed', completed_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` })
          .where('id', '=', uploadId)
          .where('status', '=', 'processing')
          .returningAll()
          .executeTakeFirst();
        if (!upload) return undefined;
        const total = Number(upload.rows_received);
        const dataset = await trx
          .updateTable('datasets')
          .set((eb) => ({ row_count: eb('row_count', '+', String(total)), status: 'ready' as const }))
          .where('id', '=', upload.dataset_id)
          .returning(['workspace_id', 'model_ids'])
          .executeTakeFirstOrThrow();
        for (let start = 0; start < total; start += CHUNK) {
          const { rows } = await sql<{ id: string }>`
            insert into records (dataset_id, "values")
            select ${upload.dataset_id}::integer, "values" from upload_rows
            where upload_id = ${uploadId} and row_index >= ${start} and row_index < ${start + CHUNK}
            order by row_index
            returning id`.execute(trx);
          // The same jobs the row endpoints write, in the same transaction as their rows.
          await enqueueJobsFor(
            trx,
            jobsFor,
            {
              workspaceId: dataset.workspace_id,
              datasetId: upload.dataset_id,
              modelIds: dataset.model_ids,
              recordIds: rows.map((r) => String(r.id)),
            },
            trace,
          );
        }
        await trx.deleteFrom('upload_rows').where('upload_id', '=', uploadId).execute();
        const done = await trx
          .updateTable('uploads')
          .set({ rows_stored: total })
          .where('id', '=', uploadId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toUpload(done);
      });
    },

    async fail(uploadId, error) {
      return db.transaction().execute((trx) => failIn(trx, uploadId, error));
    },

    async failStale(staleMs, error) {
      const stale = await db
        .selectFrom('uploads')
        .select('id')
        .where('status', '=', 'processing')
        .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
        .execute();
      let failed = 0;
      for (const { id } of stale) {
        if (await db.transaction().execute((trx) => failIn(trx, id, error))) failed += 1;
      }
      return failed;
    },
  };
}
