// Migration 0011: an example of a multi-label model keeps all its labels (a JSON array of names); single-label examples leave it null. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('model_examples')
    .addColumn('labels', 'jsonb', (c) => c.check(sql`labels is null or jsonb_typeof(labels) = 'array'`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('model_examples').dropColumn('labels').execute();
}
