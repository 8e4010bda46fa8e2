// Migration 0015: the outbox's due deliveries indexed per endpoint, in the order the dispatcher claims them, so a claim reads only the rows it takes. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // One endpoint's pending deliveries in due order: the claim walks each endpoint's range up to its cap. It replaces
  // the index over all endpoints' due deliveries (one index fewer to write per delivery stored, claimed and recorded).
  await sql`create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id)
    where status = 'pending'`.execute(db);
  await sql`drop index webhook_deliveries_due_idx`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  );
  await sql`drop index webhook_deliveries_endpoint_due_idx`.execute(db);
}
