// Opening (and so migrating) one schema while another connection creates and drops schemas in the same database.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { IN_MEMORY } from './pglite-open.js';

const url = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!url)('migrating beside schemas being dropped (PostgreSQL)', () => {
  it('each open migrates its schema while another connection keeps creating and dropping schemas', async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let stop = false;
    const churning = (async () => {
      for (let round = 0; !stop; round++) {
        const name = `tc_churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`create schema ${name}`);
        for (let table = 0; table < 24; table++) {
          await churn.query(`create table ${name}.t${table} (id bigserial primary key, body text)`);
        }
        await churn.query(`drop schema ${name} cascade`);
      }
    })();
    const failures: unknown[] = [];
    try {
      for (let open = 0; open < 16; open++) {
        const schema = `tc_test_${randomBytes(6).toString('hex')}`;
        try {
          const database = await openDatabase({ databaseUrl: url, dataDir: IN_MEMORY, schema });
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
          await database.close();
        } catch (error) {
          failures.push(error);
          await churn.query(`drop schema if exists ${schema} cascade`);
        }
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(failures.map((error) => String((error as Error).cause ?? error))).toEqual([]);
  }, 120_000);
});
