// The world the hostile requests land in: a real server process, two workspaces (ours and a foreign one) and one of each resource.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { send } from './wire.js';
import { connectorBody } from './connector-seed.js';
import { TEST_CONNECTOR_KEY } from '../connectors/support.js';

/** Ids of one workspace's resources, as its API shows them. */
export interface WorkspaceIds {
  /** A deployed zero-shot model (inference). */
  modelId: number;
  /** A trained fine-tuned model: examples, training jobs, evaluations, versions, deploy, rollback, archive. */
  fineTunedId: number;
  /** A model that deleteModel may delete. */
  doomedModelId: number;
  datasetId: number;
  uploadId: string;
  jobId: string;
  /** A webhook endpoint (enabled, at the local receiver) with one delivery. */
  webhookId: number;
  /** A disabled webhook endpoint that deleteWebhook may delete. */
  doomedWebhookId: number;
  deliveryId: string;
  /** A key that revokeApiKey may revoke. */
  doomedKeyId: number;
  /** A reader key of the workspace, for requests that lack the role. */
  readerKey: string;
  /** A record of the dataset (answerReview). */
  recordId: string;
  /** An example of the fine-tuned model (updateModelExample, deleteModelExample). */
  exampleId: string;
  /** A disabled connector, and one that deleteConnector may delete. */
  connectorId: number;
  doomedConnectorId: number;
}

export interface World {
  /** Milliseconds spent preparing the workspaces with the CLI, starting the server, and creating the resources. */
  timings: { cli: number; server: number; resources: number };
  server: ServerProcess;
  base: URL;
  receiver: WebhookReceiver;
  ours: { key: string; ids: WorkspaceIds };
  foreign: { key: string; ids: WorkspaceIds };
  close(): Promise<void>;
}

const LIMIT = '1000000';

/** A JSON call with a key; throws unless the answer is a 2xx. */
export async function call(base: URL, key: string, method: string, target: string, body?: unknown): Promise<any> {
  const res = await send(base, {
    method,
    target,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  });
  if (res.status >= 300) throw new Error(`${method} ${target} → ${res.status} ${res.text}`);
  return res.json;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function makeResources(base: URL, key: string, receiverUrl: string, tag: string): Promise<WorkspaceIds> {
  const api = (method: string, target: string, body?: unknown) => call(base, key, method, target, body);
  const zeroShot = await api('POST', '/v2/models', {
    name: `${tag} zero-shot`,
    type: 'zero-shot',
    labels: [
      { name: 'billing', descriptions: ['invoice, charge, refund'] },
      { name: 'shipping', descriptions: ['parcel, delivery, tracking'] },
    ],
  });
  await api('POST', `/v2/models/${zeroShot.id}/deploy`, {});
  const fineTuned = await api('POST', '/v2/models', {
    name: `${tag} fine-tuned`,
    type: 'fine-tuned',
    labels: [{ name: 'refund' }, { name: 'shipping' }],
  });
  const examples = ['money back please', 'refund my order', 'I want a refund', 'return and refund', 'charge me back'];
  const parcels = [
    'where is my parcel',
    'tracking number',
    'delivery is late',
    'package not arrived',
    'courier lost it',
  ];
  await api('POST', `/v2/models/${fineTuned.id}/examples`, {
    examples: [
      ...examples.map((text) => ({ text, label: 'refund' })),
      ...parcels.map((text) => ({ text, label: 'shipping' })),
    ],
  });
  const exampleId = String((await api('GET', `/v2/models/${fineTuned.id}/examples?limit=1`)).data[0].id);
  const job = await api('POST', `/v2/models/${fineTuned.id}/training-jobs`, { seed: 1, deploy: true });
  await until('the training job', async () => {
    const now = await api('GET', `/v2/models/${fineTuned.id}/training-jobs/${job.id}`);
    return now.status === 'succeeded' || now.status === 'failed' ? now : undefined;
  });
  const doomed = await api('POST', '/v2/models', {
    name: `${tag} doomed`,
    type: 'zero-shot',
    labels: [
      { name: 'a', descriptions: ['alpha'] },
      { name: 'b', descriptions: ['beta'] },
    ],
  });
  const dataset = await api('POST', '/v2/datasets', {
    name: `${tag} tickets`,
    columns: [
      { name: 'text', type: 'text' },
      { name: 'n', type: 'number' },
      { name: 'created', type: 'timestamp' },
    ],
    text_column: 'text',
    model_ids: [zeroShot.id],
  });
  const webhook = await api('POST', '/v2/webhooks', {
    url: receiverUrl,
    events: ['classification.completed'],
  });
  const doomedWebhook = await api('POST', '/v2/webhooks', {
    url: receiverUrl,
    events: ['classification.completed'],
    enabled: false,
  });
  const record = await api('POST', `/v2/datasets/${dataset.key}/records`, { text: 'my invoice is wrong', n: 1 });
  const upload = await send(base, {
    method: 'POST',
    target: `/v2/datasets/${dataset.key}/uploads`,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
    body: Buffer.from('text,n\nwhere is my parcel,2\n'),
  });
  if (upload.status !== 202) throw new Error(`upload → ${upload.status} ${upload.text}`);
  const uploadId = (upload.json as { id: string }).id;
  await until('the upload', async () => {
    const now = await api('GET', `/v2/datasets/${dataset.key}/uploads/${uploadId}`);
    return now.status === 'processing' ? undefined : now;
  });
  const deliveryId = await until('a webhook delivery', async () => {
    const page = await api('GET', `/v2/webhooks/${webhook.id}/deliveries`);
    return page.data[0]?.id as string | undefined;
  });
  const connector = await api('POST', '/v2/connectors', connectorBody(dataset.id, `${tag} connector`));
  const doomedConnector = await api('POST', '/v2/connectors', connectorBody(dataset.id, `${tag} doomed connector`));
  const doomedKey = await api('POST', '/v2/api-keys', { name: `${tag} doomed`, role: 'reader' });
  const reader = await api('POST', '/v2/api-keys', { name: `${tag} reader`, role: 'reader' });
  return {
    modelId: zeroShot.id,
    fineTunedId: fineTuned.id,
    doomedModelId: doomed.id,
    datasetId: dataset.id,
    uploadId,
    jobId: String(job.id),
    webhookId: webhook.id,
    doomedWebhookId: doomedWebhook.id,
    deliveryId: String(deliveryId),
    doomedKeyId: doomedKey.id,
    readerKey: reader.key,
    recordId: String(record.id),
    exampleId,
    connectorId: connector.id,
    doomedConnectorId: doomedConnector.id,
  };
}

/** Prepares our workspace with the CLI (no rate limit in the way), starts the server, and creates the resources. */
export async function buildWorld(): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-hostile-'));
  const timings = { cli: 0, server: 0, resources: 0 };
  const cliEnv = { TEXTCLASS_DATA_DIR: dataDir, TEXTCLASS_API_KEY: TEST_API_KEY, LOG_LEVEL: 'warn' };
  // Our workspace is made by the CLI with no rate limit in the way; the bootstrap workspace is the foreign one.
  const t0 = Date.now();
  await runCli(['workspaces', 'create', 'hostile', '--init', '--plan', 'enterprise', '--rate-limit', LIMIT], cliEnv);
  const ourKey = await runCli(
    ['keys', 'create', '--workspace', 'hostile', '--role', 'admin', '--name', 'hostile'],
    cliEnv,
  );
  const foreignKey = TEST_API_KEY;
  timings.cli = Date.now() - t0;
  const receiver = await startWebhookReceiver();
  const server = await startServerProcess({
    dataDir,
    env: {
      TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true',
      TEXTCLASS_CONNECTOR_ALLOW_PRIVATE: 'true',
      TEXTCLASS_CONNECTOR_KEY: TEST_CONNECTOR_KEY,
      TEXTCLASS_PIPELINE_POLL_MS: '50',
      LOG_LEVEL: 'warn',
    },
  });
  const base = new URL(server.url);
  timings.server = Date.now() - t0 - timings.cli;
  try {
    const ours = await makeResources(base, ourKey, receiver.url, 'ours');
    const foreign = await makeResources(base, foreignKey, receiver.url, 'foreign');
    timings.resources = Date.now() - t0 - timings.cli - timings.server;
    return {
      timings,
      server,
      base,
      receiver,
      ours: { key: ourKey, ids: ours },
      foreign: { key: foreignKey, ids: foreign },
      async close() {
        await server.stop();
        await receiver.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
