// Migration 0007: the W3C traceparent of the request that stored a classification job, carried on to the webhook outbox rows it writes (null when untraced). Shipped: never edit.
import type { Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('trace_context', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('trace_context', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('trace_context').execute();
  await db.schema.alterTable('jobs').dropColumn('trace_context').execute();
}
