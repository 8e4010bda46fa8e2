// Shared steps of the fault tests: API calls to a server process, a dataset with the demo models, an endpoint, paged reads.
import type { ServerProcess } from '../../src/testing/server-process.js';

export interface Reply {
  status: number;
  body: any;
}

/** Environment of a server process under fault tests: loopback receiver, fast retries, short timeout and leases. */
export function faultEnv(senderTimeoutMs: number): NodeJS.ProcessEnv {
  return {
    TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
    TEXTCLASS_WEBHOOK_RETRY_SCHEDULE_MS: Array(12).fill('50').join(','),
    TEXTCLASS_WEBHOOK_TIMEOUT_MS: String(senderTimeoutMs),
    TEXTCLASS_JOB_LEASE_MS: '2000',
    TEXTCLASS_PIPELINE_POLL_MS: '100',
  };
}

export async function call(
  server: Pick<ServerProcess, 'url' | 'apiKey'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function ok(reply: Promise<Reply>, status: number, what: string): Promise<any> {
  const { status: got, body } = await reply;
  if (got !== status) throw new Error(`${what}: expected ${status}, got ${got} ${JSON.stringify(body)}`);
  return body;
}

/** A webhook endpoint for `url` and a fresh dataset classified by the demo models 1 and 2. */
export async function setupPipeline(
  server: ServerProcess,
  url: string,
): Promise<{ endpointId: number; secret: string; key: string; id: number }> {
  const endpoint = await ok(
    call(server, 'POST', '/v2/webhooks', { url, events: ['classification.completed'] }),
    201,
    'create endpoint',
  );
  const dataset = await ok(
    call(server, 'POST', '/v2/datasets', {
      name: 'faults',
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [1, 2],
    }),
    201,
    'create dataset',
  );
  return {
    endpointId: endpoint.id,
    secret: endpoint.secret,
    key: dataset.key,
    id: Number(String(dataset.key).replace('ds_', '')),
  };
}

/** Every item of a paged list (100 per page). */
export async function readAll<T>(server: ServerProcess, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await ok(call(server, 'GET', `${path}?limit=100&offset=${offset}`), 200, `GET ${path}`);
    items.push(...(page.data as T[]));
    if (page.data.length < 100) return items;
  }
}

/** Polls `probe` every 100 ms until it is true; fails after `deadlineMs` with `what` (a bound, never a speed check). */
export async function until(
  probe: () => Promise<boolean> | boolean,
  deadlineMs: number,
  what: () => string,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
