// Migration 0008: every update or delete of a workspace, an API key or a model notifies the channel textclass_changes with "schema table id", so each process drops what it cached of that row. Shipped: never edit.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time, so they take an untyped database rather than today's schema types.
type AnyDb = Kysely<any>;

const TABLES = ['workspaces', 'api_keys', 'models'] as const;

export async function up(db: AnyDb): Promise<void> {
  // Row triggers on update and delete, cascaded deletes included; the payload names the row's id. Inserts notify
  // nothing: the caches keep only rows they found, so a new row cannot make an entry stale.
  await sql`
    create function textclass_notify_row_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('textclass_changes',
        tg_table_schema || ' ' || tg_table_name || ' ' || (case when tg_op = 'DELETE' then old.id else new.id end));
      return null;
    end $$`.execute(db);
  // TRUNCATE fires no row trigger: one notification with '*' for the whole table.
  await sql`
    create function textclass_notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('textclass_changes', tg_table_schema || ' ' || tg_table_name || ' *');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_notify_row_change`)} after update or delete on ${sql.id(table)}
      for each row execute function textclass_notify_row_change()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_notify_table_change`)} after truncate on ${sql.id(table)}
      for each statement execute function textclass_notify_table_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_notify_table_change`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_notify_row_change`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function textclass_notify_table_change()`.execute(db);
  await sql`drop function textclass_notify_row_change()`.execute(db);
}
