// Pipeline repository: unclassified records of a job, and their results written once, together with the webhook outbox rows of their events.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { PipelineRepository, WebhookDelivery } from '../../../core/ports/pipeline.js';
import type { CellValue } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { enqueueForReview } from './review.js';

/** Outbox rows per INSERT (5 parameters each, well under PostgreSQL's 65,535). */
const DELIVERY_CHUNK = 1000;

/** Random bytes of one message id. */
const MESSAGE_ID_BYTES = 16;

/**
 * `count` Standard Webhooks message ids (the `webhook-id` of every attempt of one event), from one draw of random bytes:
 * a draw per id cost ~2.4 % of the server's CPU while it classified an upload backlog on PGlite (CPU profile).
 */
export function newMessageIds(count: number): string[] {
  const bytes = randomBytes(MESSAGE_ID_BYTES * count);
  return Array.from(
    { length: count },
    (_, i) => `msg_${bytes.subarray(i * MESSAGE_ID_BYTES, (i + 1) * MESSAGE_ID_BYTES).toString('base64url')}`,
  );
}

/**
 * A job's records not classified yet, read through the primary key alone: with a `dataset_id` condition beside it the
 * planner took the dataset's index whenever its statistics were older than the dataset's rows (every fresh upload), and
 * read the whole dataset for each batch (1,000 rows of 22,000 at the 22nd batch: the backlog read quadratically).
 * Only what classifying needs (the dataset is checked by the caller on `dataset_id`).
 */
export function unclassifiedStatement(ids: readonly string[]) {
  return sql<{ id: string; dataset_id: number; values: Record<string, CellValue>; metadata: Record<string, string> }>`
    select id, dataset_id, values, metadata from records
    where id = any(${[...ids]}::bigint[]) and classifications is null
    order by id`;
}

interface OutboxRow {
  endpoint_id: number;
  event: string;
  body: string;
  trace_context: string | null;
}

/**
 * One INSERT of outbox rows with their message ids (`messageIds[i]` is row i's), its text and bound values made here:
 * Kysely's builder made a frozen node per value, 5,000 for a batch of 1,000 rows, garbage in the classify stage.
 * Only rows whose endpoint is still an enabled endpoint of the workspace are inserted (the core chose the subscribers
 * before; one disabled or deleted since gets nothing), checked in this statement: the set is read once (an `= any(array(…))`
 * init plan) and the rows keep their order. The first `leased` rows are stored under a lease of `leaseMs` (a claim's,
 * taken with the row: no second version of it) and their ids come back.
 */
function outboxInsert(
  workspaceId: number,
  rows: readonly OutboxRow[],
  messageIds: readonly string[],
  leased = 0,
  leaseMs = 0,
): CompiledQuery<LeasedRow> {
  const values: unknown[] = [workspaceId];
  const tuples: string[] = [];
  rows.forEach((row, i) => {
    const n = values.push(row.endpoint_id, row.event, row.body, row.trace_context, messageIds[i]);
    const lease = leased > 0 ? (i < leased ? ', true' : ', false') : '';
    // The first tuple's casts type the VALUES columns (the others' parameters take them): a cast on each of 5,000
    // parameters made the INSERT ~10 % slower on PGlite.
    tuples.push(
      i === 0
        ? `($${n - 4}::integer, $${n - 3}::text, $${n - 2}::text, $${n - 1}::text, $${n}::text${lease})`
        : `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}${lease})`,
    );
  });
  const from = `from (values ${tuples.join(', ')})`;
  const enabled = 'v.endpoint_id = any(array(select id from webhook_endpoints where workspace_id = $1 and enabled))';
  if (leased === 0)
    return CompiledQuery.raw(
      `insert into webhook_deliveries (endpoint_id, event, body, trace_context, message_id)
      select v.endpoint_id, v.event, v.body, v.trace_context, v.message_id
      ${from} as v(endpoint_id, event, body, trace_context, message_id)
      where ${enabled}`,
      values,
    );
  const ms = values.push(leaseMs / 1000);
  return CompiledQuery.raw(
    `with stored as (
      insert into webhook_deliveries (endpoint_id, event, body, trace_context, message_id, locked_until)
      select v.endpoint_id, v.event, v.body, v.trace_context, v.message_id,
        case when v.leased then now() + make_interval(secs => $${ms}::float8) end
      ${from} as v(endpoint_id, event, body, trace_context, message_id, leased)
      where ${enabled}
      returning id, message_id, created_at, next_attempt_at, locked_until
    )
    select id, message_id, created_at, next_attempt_at from stored where locked_until is not null`,
    values,
  );
}

/** A delivery leased as it was stored: what the row gave it (the rest is the outbox row's). */
interface LeasedRow {
  id: string;
  message_id: string;
  created_at: Date;
  next_attempt_at: Date | null;
}

/** The delivery a leased outbox row holds, from the row's ids and times and what the INSERT stored. */
function leasedDelivery(row: LeasedRow, stored: OutboxRow): WebhookDelivery {
  return {
    id: String(row.id),
    endpointId: stored.endpoint_id,
    event: stored.event,
    messageId: row.message_id,
    body: stored.body,
    status: 'pending',
    retries: 0,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    attempts: [],
    ...(stored.trace_context === null ? {} : { traceContext: stored.trace_context }),
  };
}

export function createPipelineRepository(db: Kysely<DatabaseSchema>): PipelineRepository {
  return {
    async unclassified(datasetId, ids) {
      if (ids.length === 0) return [];
      const { rows } = await unclassifiedStatement(ids).execute(db);
      return rows
        .filter((r) => r.dataset_id === datasetId)
        .map((r) => ({ id: String(r.id), datasetId: r.dataset_id, values: r.values, metadata: r.metadata }));
    },

    async saveResults(workspaceId, results, traceContext, finishedJobIds = [], lease) {
      if (results.length === 0) return [];
      const jobs =
        finishedJobIds.length === 0
          ? sql``
          : sql`with done as (delete from jobs where id = any(${[...finishedJobIds]}::bigint[]))`;
      const stored = await db.transaction().execute(async (trx) => {
        // One UPDATE for the whole job (not one per record); `classifications is null` makes a retried or duplicated
        // job a no-op for records already done, and the text check drops the result of a text the record no longer holds.
        const values = results.map((r) => ({
          id: r.recordId,
          c: r.classifications,
          n: r.needsReview,
          s: r.skippedModels,
          f: r.failedModels,
          t: r.text ?? null,
        }));
        // The finished jobs go in the same statement: a job is gone exactly when its results are stored.
        const { rows } = await sql<{ id: string }>`
          ${jobs}
          update records set classifications = v.c, needs_review = v.n, skipped_models = v.s, failed_models = v.f,
            classified_at = now()
          from jsonb_to_recordset(${toJson(values)}::jsonb) as v(id bigint, c jsonb, n jsonb, s jsonb, f jsonb, t text),
            datasets d
          where records.id = v.id and records.classifications is null and d.id = records.dataset_id
            and (v.t is null or records.values ->> d.text_column = v.t)
          returning records.id`.execute(trx);
        const updated = new Set(rows.map((r) => String(r.id)));
        const written = results.filter((r) => updated.has(r.recordId)).map((r) => r.recordId);
        await enqueueForReview(
          trx,
          results.filter((r) => updated.has(r.recordId)),
        );
        const outbox = results.flatMap(({ event, recordId, traceContext: own }) =>
          event === null || !updated.has(recordId)
            ? []
            : event.endpointIds.map((id) => ({
                endpoint_id: id,
                event: event.type,
                body: event.body,
                trace_context: own ?? traceContext ?? null,
              })),
        );
        const ids = newMessageIds(outbox.length);
        const leased: WebhookDelivery[] = [];
        for (let start = 0; start < outbox.length; start += DELIVERY_CHUNK) {
          const chunk = outbox.slice(start, start + DELIVERY_CHUNK);
          const take = Math.max(0, Math.min(chunk.length, (lease?.max ?? 0) - start));
          const { rows } = await trx.executeQuery(outboxInsert(workspaceId, chunk, ids.slice(start), take, lease?.ms));
          if (rows.length === 0) continue;
          const byMessageId = new Map(chunk.map((row, i) => [ids[start + i], row]));
          leased.push(...rows.map((row) => leasedDelivery(row, byMessageId.get(row.message_id)!)));
        }
        return { written, leased };
      });
      if (lease !== undefined && stored.leased.length > 0) lease.adopt(stored.leased);
      return stored.written;
    },
  };
}
