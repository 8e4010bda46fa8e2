// Migration 0013: connectors (encrypted credentials, schedule, lease), their run log, the remote-id → record map and the write-back outbox. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table connectors (
      id serial primary key,
      workspace_id integer not null references workspaces(id) on delete cascade,
      type text not null,
      name text not null,
      base_url text not null,
      credentials_sealed text not null,
      dataset_id integer not null references datasets(id) on delete cascade,
      field_mapping jsonb not null check (jsonb_typeof(field_mapping) = 'object'),
      interval_seconds integer not null check (interval_seconds > 0),
      write_back jsonb not null check (jsonb_typeof(write_back) = 'object'),
      enabled boolean not null default true,
      status text not null default 'idle',
      status_message text,
      cursor text,
      next_run_at timestamptz not null default now(),
      sync_requested boolean not null default false,
      run_trigger text not null default 'schedule',
      last_run_at timestamptz,
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index connectors_workspace_idx on connectors (workspace_id, id)`.execute(db);
  await sql`create index connectors_due_idx on connectors (next_run_at) where enabled`.execute(db);

  await sql`
    create table connector_runs (
      id bigserial primary key,
      connector_id integer not null references connectors(id) on delete cascade,
      trigger text not null,
      status text not null default 'running',
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      fetched integer not null default 0,
      stored integer not null default 0,
      written_back integer not null default 0,
      skipped integer not null default 0,
      error_kind text,
      error_status integer,
      error_message text
    )`.execute(db);
  await sql`create index connector_runs_connector_idx on connector_runs (connector_id, id)`.execute(db);

  // One record per remote ticket: the upsert key. `revision` counts the stored versions of the ticket; the
  // write-back planner has planned up to `planned_revision`.
  await sql`
    create table connector_records (
      connector_id integer not null references connectors(id) on delete cascade,
      remote_id text not null,
      record_id bigint not null unique references records(id) on delete cascade,
      revision integer not null default 1,
      planned_revision integer,
      remote_updated_at text,
      primary key (connector_id, remote_id)
    )`.execute(db);
  await sql`create index connector_records_unplanned_idx on connector_records (connector_id)
    where planned_revision is distinct from revision`.execute(db);

  // The write-back outbox: one row per (connector, record, model version, ticket revision), so a write is planned once
  // whatever crashes or retries happen; `status` moves from pending to written / already_present / failed.
  await sql`
    create table connector_writebacks (
      id bigserial primary key,
      connector_id integer not null references connectors(id) on delete cascade,
      record_id bigint not null references records(id) on delete cascade,
      model_id integer not null,
      model_version integer not null,
      revision integer not null,
      remote_id text not null,
      labels jsonb not null check (jsonb_typeof(labels) = 'array'),
      marker text not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      written_at timestamptz,
      unique (connector_id, record_id, model_id, model_version, revision)
    )`.execute(db);
  await sql`create index connector_writebacks_due_idx on connector_writebacks (connector_id, run_after, id)
    where status = 'pending'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table connector_writebacks`.execute(db);
  await sql`drop table connector_records`.execute(db);
  await sql`drop table connector_runs`.execute(db);
  await sql`drop table connectors`.execute(db);
}
