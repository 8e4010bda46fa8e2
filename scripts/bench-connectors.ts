// npm run bench:connectors [-- --tickets N]: tickets/s from the Zendesk stand-in through classification to write-back on the
// built server, side by side with the same texts pushed through POST /v2/dataset/{id}/item (until classified); prints the ratio.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startServerProcess, type ServerProcess } from '@textclass/server/testing';

const { values } = parseArgs({ options: { tickets: { type: 'string', default: '2000' } } });
const TICKETS = Number(values.tickets);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function api(server: ServerProcess, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 1_800_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The stand-in as `npm run connectors:standin` starts it, in a child process: its base URL and credentials. */
async function startStandin(tickets: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/server/src/adapters/connectors/testing/standin-main.ts',
      'zendesk',
      '--tickets',
      String(tickets),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await until(async () => /\}\s*$/.test(out), 'the stand-in');
  const started = JSON.parse(out) as { base_url: string; credentials: Record<string, string> };
  return { ...started, stop: async () => (child.kill('SIGTERM'), await once(child, 'exit')) };
}

async function classifiedCount(server: ServerProcess, datasetKey: string, total: number): Promise<number> {
  let done = 0;
  for (let offset = 0; offset < total; offset += 100) {
    const page = await api(server, 'GET', `/v2/datasets/${datasetKey}/records?limit=100&offset=${offset}`);
    done += (page.data as Array<{ classifications: unknown }>).filter((r) => r.classifications !== null).length;
  }
  return done;
}

const standin = await startStandin(TICKETS);
const server = await startServerProcess({
  env: {
    TEXTCLASS_CONNECTOR_KEY: randomBytes(32).toString('base64'),
    TEXTCLASS_CONNECTOR_ALLOW_PRIVATE: 'true',
    TEXTCLASS_CONNECTOR_CLASSIFICATION_WAIT_MS: '600000',
    TEXTCLASS_PIPELINE_POLL_MS: '100',
  },
  readyTimeoutMs: 240_000,
});
try {
  const dataset = async (name: string) =>
    api(server, 'POST', '/v2/datasets', {
      name,
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [1],
    });

  // 1. The connector: from the first export request to the last label written back.
  const viaConnector = await dataset('bench connector');
  const t0 = performance.now();
  const connector = await api(server, 'POST', '/v2/connectors', {
    type: 'zendesk',
    name: 'bench',
    base_url: standin.base_url,
    credentials: standin.credentials,
    dataset_id: viaConnector.id,
    field_mapping: { columns: { text: 'description' } },
    interval_seconds: 3600,
    write_back: { enabled: true, model_ids: [1], mode: 'tags' },
  });
  await until(async () => {
    const runs = await api(server, 'GET', `/v2/connectors/${connector.id}/runs?limit=1`);
    return runs.data[0]?.finished_at != null;
  }, 'the connector run');
  const connectorSeconds = (performance.now() - t0) / 1000;
  const run = (await api(server, 'GET', `/v2/connectors/${connector.id}/runs?limit=1`)).data[0];
  log(`connector: ${JSON.stringify(run)}`);
  const texts = (
    await Promise.all(
      Array.from({ length: Math.ceil(TICKETS / 100) }, (_, i) =>
        api(server, 'GET', `/v2/datasets/${viaConnector.key}/records?limit=100&offset=${i * 100}`),
      ),
    )
  ).flatMap((p) => (p.data as Array<{ values: { text: string } }>).map((r) => r.values.text));

  // 2. The same texts pushed through POST /v2/dataset/{id}/item (8 a request, 16 in flight), until all are classified.
  const viaPush = await dataset('bench push');
  const t1 = performance.now();
  // The item endpoint takes 8 rows a request; 16 requests in flight, as a sync job pushing rows would.
  const batches = Array.from({ length: Math.ceil(texts.length / 8) }, (_, i) => texts.slice(i * 8, i * 8 + 8));
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let batch = batches.shift(); batch !== undefined; batch = batches.shift())
        await api(server, 'POST', `/v2/dataset/${viaPush.id}/item`, { rows: batch.map((text) => ({ text })) });
    }),
  );
  await until(
    async () => (await classifiedCount(server, viaPush.key, texts.length)) === texts.length,
    'the pushed rows',
  );
  const pushSeconds = (performance.now() - t1) / 1000;

  const connectorRate = TICKETS / connectorSeconds;
  const pushRate = texts.length / pushSeconds;
  console.log(
    [
      `| path | tickets | seconds | tickets/s |`,
      `|---|---|---|---|`,
      `| Zendesk stand-in → classified → written back (${run.written_back} tagged) | ${TICKETS} | ${connectorSeconds.toFixed(1)} | ${connectorRate.toFixed(0)} |`,
      `| POST /v2/dataset/{id}/item → classified | ${texts.length} | ${pushSeconds.toFixed(1)} | ${pushRate.toFixed(0)} |`,
      ``,
      `connector / push: ${(connectorRate / pushRate).toFixed(2)}`,
    ].join('\n'),
  );
} finally {
  await server.stop();
  await standin.stop();
}
