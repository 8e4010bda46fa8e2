// Migration 0005: file uploads (progress, outcome, heartbeat) and their staging rows, kept apart until the upload completes. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

const now = sql`now()`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('csv', 'jsonl')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('processing')
        .check(sql`status in ('processing', 'completed', 'failed')`),
    )
    .addColumn('rows_received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_stored', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error_line', 'bigint')
    .addColumn('error_message', 'text')
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`create index uploads_processing_idx on uploads (heartbeat_at) where status = 'processing'`.execute(db);
  // Unlogged: staging rows are thrown away after a crash anyway (the upload is then failed), so they skip the WAL.
  await sql`create unlogged table upload_rows (
    upload_id bigint not null references uploads (id) on delete cascade,
    row_index bigint not null,
    "values" jsonb not null check (jsonb_typeof("values") = 'object'),
    primary key (upload_id, row_index)
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('upload_rows').execute();
  await db.schema.dropTable('uploads').execute();
}
