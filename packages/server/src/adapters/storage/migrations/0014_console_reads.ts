// Migration 0014: what the console reads cheaply: each trained version's held-out predictions (the texts behind its confusion matrix), and an index for a dataset's records that need review. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The text and labels as the training saw them: an example edited or deleted later does not change what was measured.
  await db.schema
    .createTable('model_version_held_out')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('example_id', 'bigint', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('predicted_label', 'text', (c) => c.notNull())
    .addColumn('confidence', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_version_held_out_pkey', ['model_id', 'version', 'position'])
    .execute();
  // One cell of the confusion matrix, a page at a time in held-out order, read from the index.
  await db.schema
    .createIndex('model_version_held_out_cell_idx')
    .on('model_version_held_out')
    .columns(['model_id', 'version', 'label', 'predicted_label', 'position'])
    .execute();

  // A dataset's records that need review, in id order: few of many, so a partial index keeps that page from a scan.
  await sql`create index records_needs_review_idx on records (dataset_id, id) where needs_review <> '[]'::jsonb`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index records_needs_review_idx`.execute(db);
  await db.schema.dropTable('model_version_held_out').execute();
}
