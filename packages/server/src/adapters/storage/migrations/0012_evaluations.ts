// Migration 0012: every evaluation of a model version kept as its own row (the version's training metrics stay untouched), and a model's plain-text description. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('model_evaluations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('metrics', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(metrics) = 'object'`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('examples', 'dataset')`))
    .addColumn('dataset_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A model's history, newest first (and one version's), read from the index.
  await db.schema
    .createIndex('model_evaluations_model_id_id_idx')
    .on('model_evaluations')
    .columns(['model_id', 'id'])
    .execute();
  await db.schema
    .createIndex('model_evaluations_model_id_version_id_idx')
    .on('model_evaluations')
    .columns(['model_id', 'version', 'id'])
    .execute();

  await db.schema.alterTable('models').addColumn('description', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('models').dropColumn('description').execute();
  await db.schema.dropTable('model_evaluations').execute();
}
