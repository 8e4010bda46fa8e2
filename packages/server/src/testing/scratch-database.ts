// A fresh PostgreSQL database for one test file, created from TEST_DATABASE_URL and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** A pool on the scratch database, for checks straight in SQL. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createScratchDatabase(baseUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `textclass_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pool.end() resolves once its clients are told to end, before their sockets close: DROP … WITH (FORCE) may then
  // terminate one still closing (57P01), which the pool reports as an 'error' event. Expected while dropping;
  // anything else stays an uncaught error, as it was without a listener.
  let dropping = false;
  pool.on('error', (error) => {
    if (!dropping) throw error;
  });
  return {
    url: url.toString(),
    pool,
    async drop() {
      dropping = true;
      await pool.end();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        // FORCE may not end a backend of another role: an autovacuum worker busy on the database (42501). It
        // finishes in moments, so try again for a few seconds before giving up.
        for (let attempt = 1; ; attempt++) {
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt >= 40) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
