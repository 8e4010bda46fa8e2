// Migration 0006: model versions (one per training, each with its head artifact and metrics), training jobs with progress, and labelled examples. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

const now = sql`now()`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('models').addColumn('version', 'integer').execute();
  await db.schema.alterTable('models').addColumn('previous_version', 'integer').execute();

  await db.schema
    .createTable('model_versions')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('labels', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(labels) = 'array'`))
    .addColumn('config', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(config) = 'object'`))
    .addColumn('metrics', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(metrics) = 'object'`))
    .addColumn('training_examples', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`training_examples >= 0`),
    )
    .addColumn('trained_at', 'timestamptz')
    .addColumn('head_graph', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('model_versions_pkey', ['model_id', 'version'])
    .execute();

  // Every model existing before versions gets its present state as version 1.
  await sql`insert into model_versions (model_id, version, labels, config, metrics, training_examples, trained_at, created_at)
    select id, 1, labels, config, metrics, training_examples, last_trained, created_at from models`.execute(db);
  await sql`update models set version = 1`.execute(db);

  await db.schema
    .createTable('model_examples')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index model_examples_model_id_text_key on model_examples (model_id, md5(text))`.execute(db);

  await db.schema
    .createTable('training_jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('options', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(options) = 'object'`))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 1`),
    )
    .addColumn('epoch', 'integer')
    .addColumn('max_epochs', 'integer')
    .addColumn('loss', 'double precision')
    .addColumn('version', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('training_jobs_model_id_id_idx')
    .on('training_jobs')
    .columns(['model_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['training_jobs', 'model_examples', 'model_versions']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('models').dropColumn('previous_version').execute();
  await db.schema.alterTable('models').dropColumn('version').execute();
}
