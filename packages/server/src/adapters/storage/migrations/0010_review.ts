// Migration 0010: the review queue (one row per model and record that needs a human label, ordered by the model's confidence) and when a record was classified. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('records').addColumn('classified_at', 'timestamptz').execute();

  // `records.needs_review` stays the record's view; this table is the per-model queue: a model id cannot be indexed
  // inside a jsonb array in the order of another jsonb field, so the confidence is kept here, indexed per model.
  await db.schema
    .createTable('review_items')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('records.id').onDelete('cascade'))
    // The record's dataset (records never move): a page of one dataset's queue is read from an index too.
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('confidence', 'double precision')
    .addColumn('predictions', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(predictions) = 'array'`),
    )
    .addColumn('classified_at', 'timestamptz')
    .addColumn('answered_label', 'text')
    .addColumn('answered_at', 'timestamptz')
    .addPrimaryKeyConstraint('review_items_pkey', ['model_id', 'record_id'])
    .addCheckConstraint('review_items_answer_check', sql`(answered_label is null) = (answered_at is null)`)
    .execute();
  // The queue's page: a model's open items, least confident first, read in index order (no sort of the whole queue).
  await sql`create index review_items_open_idx on review_items (model_id, confidence, record_id) where answered_at is null`.execute(
    db,
  );
  await sql`create index review_items_open_dataset_idx on review_items (model_id, dataset_id, confidence, record_id) where answered_at is null`.execute(
    db,
  );
  // A record's deletion (its dataset's) finds its items without a scan.
  await sql`create index review_items_record_idx on review_items (record_id)`.execute(db);

  // Records flagged before this migration join the queue with the confidence they were given.
  await sql`
    insert into review_items (model_id, record_id, dataset_id, confidence)
    select m.id, r.id, r.dataset_id, (r.classifications -> flagged.model_id ->> 'confidence')::double precision
    from records r
    cross join lateral jsonb_array_elements_text(r.needs_review) as flagged(model_id)
    join models m on m.id::text = flagged.model_id
    where r.needs_review <> '[]'::jsonb
    on conflict do nothing`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('review_items').execute();
  await db.schema.alterTable('records').dropColumn('classified_at').execute();
}
