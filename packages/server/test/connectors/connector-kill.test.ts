// kill -9 of the built server during a 5,000-ticket sync from the Zendesk stand-in, three times, then a restart on the same data: every ticket stored once, classified, and its labels written back once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startZendeskStandin, type ZendeskStandin } from '../../src/adapters/connectors/testing/zendesk-standin.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { call, readAll, until } from '../faults/harness.js';
import { outboxReportFromDataDir, outboxReportFromPool } from './outbox-report.js';
import { connectorEnv } from './support.js';

const TICKETS = 5_000;
const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgresql'] : [])];

interface StoredRecord {
  id: string;
  metadata: Record<string, string>;
  classifications: Record<string, { label: string }> | null;
  needs_review: string[];
}

/** Tag writes per ticket id, from the stand-in's log of write calls. */
function tagWrites(standin: ZendeskStandin): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of standin.writes) {
    const id = /^\/api\/v2\/tickets\/(\d+)\/tags\.json$/.exec(w.path)?.[1];
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

// Should the write-back stall, the test fails with the outbox by state (attempts, leases, due times), the records,
// the connector's lease and its last runs, read straight from the database.
describe.each(backends)('kill -9 during a connector sync on %s', (backend) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-connector-kill-'));
  let scratch: ScratchDatabase | undefined;
  let standin: ZendeskStandin | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await standin?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let began = Date.now();
  const phases: string[] = [];
  const mark = (what: string) => phases.push(`${what} ${Math.round((Date.now() - began) / 1000)} s`);

  const start = async () => {
    const env = { ...connectorEnv(), ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    server = await startServerProcess(scratch ? { env } : { env, dataDir });
    mark('started');
    return server;
  };

  const kill = async (what: string, ready: () => boolean) => {
    await until(
      ready,
      240_000,
      () => `${what}: ${standin!.server.requests.length} requests, ${standin!.writes.length} writes`,
    );
    server!.child.kill('SIGKILL');
    await server!.stop();
    mark(what);
  };

  it('stores, classifies and writes back every ticket exactly once', { timeout: 900_000 }, async () => {
    began = Date.now();
    scratch =
      backend === 'postgresql'
        ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'connector_kill')
        : undefined;
    standin = await startZendeskStandin({ seed: TICKETS, recentSeconds: 0 });
    await start();
    const dataset = (
      await call(server!, 'POST', '/v2/datasets', {
        name: 'zendesk tickets',
        columns: [{ name: 'text', type: 'text' }],
        text_column: 'text',
        model_ids: [1],
      })
    ).body;
    const created = await call(server!, 'POST', '/v2/connectors', {
      type: 'zendesk',
      name: 'stand-in',
      base_url: standin.baseUrl,
      credentials: standin.credentials,
      dataset_id: dataset.id,
      field_mapping: { columns: { text: 'description' }, metadata: { ticket_id: 'id' } },
      interval_seconds: 5,
      write_back: { enabled: true, model_ids: [1], mode: 'tags' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain(standin.credentials.api_token);
    const exports = () =>
      standin!.server.requests.filter((r) => r.url.pathname === '/api/v2/incremental/tickets/cursor.json').length;

    // 1: while pages are stored; 2 and 3: while labels are written back.
    await kill('first kill', () => exports() >= 2);
    await start();
    await kill('second kill', () => standin!.writes.length >= 200);
    await start();
    const before = standin.writes.length;
    await kill('third kill', () => standin!.writes.length >= before + 500);
    await start();

    let records: StoredRecord[] = [];
    let readAt = 0;
    const expected = () => records.filter((r) => !r.needs_review.includes('1')).length;
    const done = async () => {
      // The records are read every few seconds only: reading 5,000 of them competes with the sync for the database.
      if (Date.now() - readAt < 5_000) return false;
      records = await readAll<StoredRecord>(server!, `/v2/datasets/ds_${dataset.id}/records`);
      readAt = Date.now();
      return (
        records.length === TICKETS &&
        records.every((r) => r.classifications?.['1'] !== undefined) &&
        tagWrites(standin!).size === expected()
      );
    };
    const progress = () =>
      `${records.length} records, ${records.filter((r) => r.classifications?.['1'] !== undefined).length} classified by model 1, ${tagWrites(standin!).size} of ${expected()} tickets tagged`;
    try {
      await until(done, 600_000, progress);
    } catch (error) {
      // A stall says where the outbox stands: states, leases, attempts, the connector's lease and last runs.
      let state: string;
      if (scratch) state = await outboxReportFromPool(scratch.pool);
      else {
        await server!.stop();
        state = await outboxReportFromDataDir(dataDir);
      }
      throw new Error(`${(error as Error).message} (${phases.join(', ')})\n${state}`, { cause: error });
    }
    mark('all written back');
    // Another scheduled run finds nothing new to store or write.
    const runsBefore = (await call(server!, 'GET', `/v2/connectors/${created.body.id}/runs?limit=1`)).body.total;
    await until(
      async () =>
        (await call(server!, 'GET', `/v2/connectors/${created.body.id}/runs?limit=1`)).body.total > runsBefore + 1,
      60_000,
      () => 'waiting for two more runs',
    );

    const ids = records.map((r) => r.metadata.ticket_id);
    expect(new Set(ids).size).toBe(TICKETS);
    const writes = tagWrites(standin);
    expect([...writes.values()].filter((n) => n !== 1)).toEqual([]);
    const tagged = new Set(writes.keys());
    expect(records.filter((r) => !r.needs_review.includes('1')).every((r) => tagged.has(r.metadata.ticket_id!))).toBe(
      true,
    );
    expect(records.filter((r) => r.needs_review.includes('1')).some((r) => tagged.has(r.metadata.ticket_id!))).toBe(
      false,
    );
    const runs = await readAll<{ status: string; stored: number; written_back: number }>(
      server!,
      `/v2/connectors/${created.body.id}/runs`,
    );
    expect(runs.filter((r) => r.status === 'interrupted').length).toBeGreaterThanOrEqual(2);
    console.log(
      `connector kill -9 (${backend}): ${TICKETS} tickets, 3 kills, ${records.length} records, ${tagged.size} tagged once each, ${records.length - tagged.size} below their cut-off, ${runs.length} runs (${runs.filter((r) => r.status === 'interrupted').length} interrupted); ${phases.join(', ')}`,
    );
  });
});
