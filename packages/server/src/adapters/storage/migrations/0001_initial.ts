// Migration 0001: workspaces, API keys, models, datasets and records. Shipped: never edit, add a new migration.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

const createdAt = sql`now()`;

async function createWorkspaces(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('starter', 'growth', 'enterprise')`))
    .addColumn('rate_limit_per_minute', 'integer', (c) => c.check(sql`rate_limit_per_minute > 0`))
    .addColumn('monthly_quota', 'integer', (c) => c.check(sql`monthly_quota >= 0`))
    .addColumn('billing_cycle_day', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`billing_cycle_day between 1 and 28`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .execute();
}

async function createApiKeys(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`key_hash ~ '^[0-9a-f]{64}$'`),
    )
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('reader', 'member', 'admin')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_workspace_id_idx').on('api_keys').column('workspace_id').execute();
}

async function createModels(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('models')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('zero-shot', 'few-shot', 'fine-tuned', 'llm')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('deployed', 'archived', 'undeployed')`))
    .addColumn('labels', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(labels) = 'array'`))
    .addColumn('config', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(config) = 'object'`))
    .addColumn('metrics', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(metrics) = 'object'`))
    .addColumn('training_examples', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`training_examples >= 0`),
    )
    .addColumn('last_trained', 'timestamptz')
    .addColumn('confidence_threshold', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`confidence_threshold between 0 and 1`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .addUniqueConstraint('models_workspace_id_name_key', ['workspace_id', 'name'])
    .execute();
  await db.schema.createIndex('models_workspace_id_id_idx').on('models').columns(['workspace_id', 'id']).execute();
}

async function createDatasets(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('datasets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(columns) = 'array'`))
    .addColumn('text_column', 'text', (c) => c.notNull())
    .addColumn('model_ids', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(model_ids) = 'array'`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ready')
        .check(sql`status in ('ready', 'processing')`),
    )
    .addColumn('row_count', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`row_count >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema.createIndex('datasets_workspace_id_id_idx').on('datasets').columns(['workspace_id', 'id']).execute();
}

async function createRecords(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('values', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof("values") = 'object'`))
    .addColumn('metadata', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::jsonb`)
        .check(sql`jsonb_typeof(metadata) = 'object'`),
    )
    .addColumn('classifications', 'jsonb', (c) => c.check(sql`jsonb_typeof(classifications) = 'object'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(createdAt))
    .execute();
  await db.schema.createIndex('records_dataset_id_id_idx').on('records').columns(['dataset_id', 'id']).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await createWorkspaces(db);
  await createApiKeys(db);
  await createModels(db);
  await createDatasets(db);
  await createRecords(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['records', 'datasets', 'models', 'api_keys', 'workspaces']) {
    await db.schema.dropTable(table).execute();
  }
}
