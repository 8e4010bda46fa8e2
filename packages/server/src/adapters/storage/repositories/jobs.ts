// Job queue in the database: jobs claimed with FOR UPDATE SKIP LOCKED under a lease, so several processes share them and a crashed one's jobs run again.
// Why not pg-boss or graphile-worker: both need a PostgreSQL server (a connection pool, LISTEN/NOTIFY, advisory locks across
// sessions) and do not run on embedded PGlite, whose single in-process connection is the default database here.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Job, JobRepository, JobsForStoredRows, StoredRows } from '../../../core/ports/pipeline.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { JobsQueued } from './jobs-queued.js';

/** The W3C traceparent of the operation running now (the tracing port's), or undefined when it is not traced. */
export type CurrentTraceContext = () => string | undefined;

export const UNTRACED: CurrentTraceContext = () => undefined;

/**
 * Writes the jobs the core asks for the stored rows, inside the caller's transaction (the one that stores them),
 * each with the trace context of the request storing them (null when untraced), for the worker to continue.
 * Returns how many jobs it wrote.
 */
export async function enqueueJobsFor(
  trx: Transaction<DatabaseSchema>,
  jobsFor: JobsForStoredRows,
  rows: StoredRows,
  traceContext: string | undefined,
): Promise<number> {
  const jobs = jobsFor(rows);
  if (jobs.length > 0)
    await trx
      .insertInto('jobs')
      .values(
        jobs.map((job) => ({ kind: job.kind, payload: toJson(job.payload), trace_context: traceContext ?? null })),
      )
      .execute();
  return jobs.length;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  trace_context: string | null;
}

const toJob = (r: ClaimedRow): Job => ({
  id: String(r.id),
  kind: r.kind,
  payload: r.payload,
  attempts: r.attempts,
  ...(r.trace_context === null ? {} : { traceContext: r.trace_context }),
});

/**
 * The due jobs, locked in order (FOR UPDATE SKIP LOCKED, up to `limit`), of which those whose array lengths add up
 * to at most `max` are leased (the first always); the others' row locks end with the statement.
 */
async function claimWeighted(
  db: Kysely<DatabaseSchema>,
  kind: string,
  limit: number,
  leaseMs: number,
  weight: { arrayField: string; max: number },
): Promise<Job[]> {
  const { rows } = await sql<ClaimedRow>`
    update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from (
        select id, n, sum(n) over (order by run_after, id) as total from (
          select id, run_after, coalesce(jsonb_array_length(payload -> ${weight.arrayField}), 1) as n from jobs
          where kind = ${kind} and failed_at is null and run_after <= now() and (locked_until is null or locked_until < now())
          order by run_after, id
          limit ${limit}
          for update skip locked
        ) due
      ) counted
      where total <= ${weight.max} or total = n
    )
    returning id, kind, payload, attempts, trace_context`.execute(db);
  return rows.map(toJob).sort((a, b) => Number(a.id) - Number(b.id));
}

export function createJobRepository(db: Kysely<DatabaseSchema>, queued = new JobsQueued()): JobRepository {
  return {
    onQueued: (listener) => queued.listen(listener),

    async enqueue(kind, payload) {
      const row = await db
        .insertInto('jobs')
        .values({ kind, payload: toJson(payload) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async claim(kind, limit, leaseMs, weight) {
      if (weight !== undefined) return claimWeighted(db, kind, limit, leaseMs, weight);
      const { rows } = await sql<{
        id: string;
        kind: string;
        payload: Record<string, unknown>;
        attempts: number;
        trace_context: string | null;
      }>`
        update jobs set attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from jobs
          where kind = ${kind} and failed_at is null and run_after <= now() and (locked_until is null or locked_until < now())
          order by run_after, id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts, trace_context`.execute(db);
      return rows.map(toJob);
    },

    async complete(id) {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    async completeAll(ids) {
      if (ids.length > 0) await db.deleteFrom('jobs').where('id', 'in', ids).execute();
    },

    async retry(id, error, delayMs) {
      const update = db.updateTable('jobs').where('id', '=', id);
      if (delayMs === null) {
        await update.set({ last_error: error, locked_until: null, failed_at: new Date() }).execute();
      } else {
        await update
          .set({ last_error: error, locked_until: null, run_after: new Date(Date.now() + delayMs) })
          .execute();
      }
    },

    async countPending() {
      const row = await db
        .selectFrom('jobs')
        .where('failed_at', 'is', null)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
