// What a connector test that gave up waiting prints: the write-back outbox by state, the lease, the last runs and the pending jobs, read straight from the database.
import { sql } from 'kysely';
import { openDatabase } from '../../src/adapters/storage/index.js';

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

const QUERIES: Array<[string, string]> = [
  [
    'outbox by status',
    `select status, count(*)::int as n, min(attempts) as min_attempts, max(attempts) as max_attempts,
       count(*) filter (where locked_until > now())::int as leased_now,
       count(*) filter (where locked_until is not null and locked_until <= now())::int as lease_expired,
       count(*) filter (where run_after > now())::int as not_due_yet, max(last_error) as last_error
     from connector_writebacks group by status order by status`,
  ],
  [
    'records',
    `select count(*)::int as total, count(*) filter (where cr.planned_revision is distinct from cr.revision)::int as unplanned,
       count(*) filter (where r.classifications is null)::int as unclassified,
       count(*) filter (where r.classifications = '{}'::jsonb)::int as classified_by_no_model,
       count(*) filter (where r.failed_models <> '{}'::jsonb)::int as failed, count(*) filter (where r.skipped_models <> '{}'::jsonb)::int as skipped,
       count(*) filter (where r.needs_review <> '[]'::jsonb)::int as needs_review, max(cr.revision) as max_revision
     from connector_records cr join records r on r.id = cr.record_id`,
  ],
  [
    'connector',
    `select id, status, enabled, lease_owner, lease_expires_at, next_run_at, sync_requested, now() as now
     from connectors`,
  ],
  [
    'last runs',
    `select id, trigger, status, started_at, finished_at, fetched, stored, written_back, skipped, error_kind, error_message
     from connector_runs order by id desc limit 6`,
  ],
  [
    'jobs',
    `select kind, count(*)::int as n, max(attempts) as max_attempts, count(*) filter (where locked_until > now())::int as leased_now,
       count(*) filter (where failed_at is not null)::int as failed, max(last_error) as last_error
     from jobs group by kind`,
  ],
];

async function report(query: Query): Promise<string> {
  const parts: string[] = [];
  for (const [title, text] of QUERIES) {
    const rows = await query(text).catch((error: unknown) => [{ error: String(error) }]);
    parts.push(`${title}:\n${rows.map((r) => `  ${JSON.stringify(r)}`).join('\n')}`);
  }
  return parts.join('\n');
}

/** The report from a live PostgreSQL database. */
export function outboxReportFromPool(pool: {
  query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}): Promise<string> {
  return report(async (text) => (await pool.query(text)).rows);
}

/** The report from an embedded database directory (its server stopped first: PGlite has one opener). */
export async function outboxReportFromDataDir(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    return await report(async (text) => (await sql.raw<Record<string, unknown>>(text).execute(database.db)).rows);
  } finally {
    await database.close();
  }
}
