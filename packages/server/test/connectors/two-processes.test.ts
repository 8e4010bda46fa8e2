// Two server processes on one PostgreSQL with the same connector, both asked to sync at once and then on a 5-second schedule: every export page is fetched once, every ticket stored once and written back once.
import { afterAll, describe, expect, it } from 'vitest';
import { startZendeskStandin, type ZendeskStandin } from '../../src/adapters/connectors/testing/zendesk-standin.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { call, readAll, until } from '../faults/harness.js';
import { connectorEnv } from './support.js';

const TICKETS = 1_500;
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('one connector, two server processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  let standin: ZendeskStandin | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await standin?.stop();
    await scratch?.drop();
  });

  it('fetches each page and writes each label once', { timeout: 600_000 }, async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'connector_two');
    standin = await startZendeskStandin({ seed: TICKETS, recentSeconds: 0 });
    const env = { ...connectorEnv(), DATABASE_URL: scratch.url };
    servers.push(await startServerProcess({ env }));
    servers.push(await startServerProcess({ env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const dataset = (
      await call(a, 'POST', '/v2/datasets', {
        name: 'zendesk tickets',
        columns: [{ name: 'text', type: 'text' }],
        text_column: 'text',
        model_ids: [1],
      })
    ).body;
    const created = await call(a, 'POST', '/v2/connectors', {
      type: 'zendesk',
      name: 'shared',
      base_url: standin.baseUrl,
      credentials: standin.credentials,
      dataset_id: dataset.id,
      field_mapping: { columns: { text: 'description' }, metadata: { ticket_id: 'id' } },
      interval_seconds: 5,
      write_back: { enabled: true, model_ids: [1], mode: 'tags' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await Promise.all([
      call(a, 'POST', `/v2/connectors/${created.body.id}/sync`),
      call(b, 'POST', `/v2/connectors/${created.body.id}/sync`),
    ]);

    let records: Array<{ metadata: Record<string, string>; needs_review: string[]; classifications: unknown }> = [];
    const tagged = () => new Set(standin!.writes.filter((w) => w.path.endsWith('/tags.json')).map((w) => w.path));
    await until(
      async () => {
        records = await readAll(b, `/v2/datasets/ds_${dataset.id}/records`);
        const expected = records.filter((r) => !r.needs_review.includes('1')).length;
        return (
          records.length === TICKETS && records.every((r) => r.classifications !== null) && tagged().size === expected
        );
      },
      400_000,
      () => `${records.length} records, ${tagged().size} tickets tagged`,
    );
    // A few more scheduled runs, each in one process or the other.
    await new Promise((r) => setTimeout(r, 12_000));

    const exports = standin.server.requests.filter((r) => r.url.pathname === '/api/v2/incremental/tickets/cursor.json');
    const cursors = exports.map(
      (r) => r.url.searchParams.get('cursor') ?? `start:${r.url.searchParams.get('start_time')}`,
    );
    expect(cursors.length).toBeGreaterThan(2);
    // Each page with tickets is fetched once. A scheduled run after the end of the stream asks again from the cursor
    // stored last (polling for new tickets), so only that cursor may repeat.
    const last = cursors.at(-1);
    const seen = new Set<string>();
    const repeated = cursors.filter((cursor) => (seen.has(cursor) ? true : (seen.add(cursor), false)));
    expect(repeated.filter((cursor) => cursor !== last)).toEqual([]);
    expect(new Set(records.map((r) => r.metadata.ticket_id)).size).toBe(TICKETS);
    const tagWrites = standin.writes.filter((w) => w.path.endsWith('/tags.json'));
    expect(tagWrites.length).toBe(tagged().size);
    const runs = await readAll<{ status: string }>(a, `/v2/connectors/${created.body.id}/runs`);
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
  });
});
