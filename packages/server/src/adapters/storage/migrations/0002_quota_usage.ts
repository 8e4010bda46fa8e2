// Migration 0002: per-workspace classified-text counters, one row per billing period. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('quota_usage')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('quota_usage_pkey', ['workspace_id', 'period_start'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('quota_usage').execute();
}
