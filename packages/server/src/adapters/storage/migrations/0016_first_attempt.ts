// Migration 0016: a delivery's first attempt stored on its outbox row (webhook_attempts keeps the later ones), so a delivery that succeeds at once is recorded by one UPDATE. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table webhook_deliveries
    add column first_attempted_at timestamptz,
    add column first_status_code integer,
    add column first_latency_ms integer check (first_latency_ms >= 0),
    add column first_error text,
    add constraint webhook_deliveries_first_attempt_whole check ((first_attempted_at is null) = (first_latency_ms is null))`.execute(
    db,
  );
  // Room on each page for a row's next version, so the claim's lease (an unindexed column) is a heap-only update.
  await sql`alter table webhook_deliveries set (fillfactor = 70)`.execute(db);
  // Each delivery's oldest attempt moves onto its row, in one statement: none is lost or kept twice.
  await sql`with moved as (
      delete from webhook_attempts where id in (select min(id) from webhook_attempts group by delivery_id)
      returning delivery_id, attempted_at, status_code, latency_ms, error
    )
    update webhook_deliveries d set first_attempted_at = m.attempted_at, first_status_code = m.status_code,
      first_latency_ms = m.latency_ms, first_error = m.error
    from moved m where m.delivery_id = d.id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // The first attempts go back to webhook_attempts ahead of each delivery's later ones (attempts are read in id order).
  await sql`with later as (
      delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where first_attempted_at is not null)
      returning id, delivery_id, attempted_at, status_code, latency_ms, error
    )
    insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
    select delivery_id, attempted_at, status_code, latency_ms, error from (
      select id as delivery_id, first_attempted_at as attempted_at, first_status_code as status_code,
        first_latency_ms as latency_ms, first_error as error, 0 as part, 0::bigint as old_id
      from webhook_deliveries where first_attempted_at is not null
      union all
      select delivery_id, attempted_at, status_code, latency_ms, error, 1, id from later
    ) attempt
    order by delivery_id, part, old_id`.execute(db);
  await sql`alter table webhook_deliveries reset (fillfactor)`.execute(db);
  await sql`alter table webhook_deliveries drop constraint webhook_deliveries_first_attempt_whole,
    drop column first_attempted_at, drop column first_status_code, drop column first_latency_ms, drop column first_error`.execute(
    db,
  );
}
