// Workspace isolation: a key of workspace A gets 404 NOT_FOUND (never 403) for B's models, datasets, records and keys.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/core/tenancy/api-key-tokens.js';
import { datasetKey } from '../../src/core/datasets/dataset-keys.js';
import { createUploadRepository } from '../../src/adapters/storage/index.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { classificationJobs } from '../../src/core/datasets/classification-jobs.js';
import { TEST_CONNECTOR_KEY } from '../connectors/support.js';
import { NOWHERE } from '../testing/nowhere.js';

interface Foreign {
  modelId: number;
  datasetId: number;
  keyId: number;
  uploadId: string;
  webhookId: number;
  deliveryId: string;
  trainingJobId: string;
  recordId: string;
  exampleId: string;
  connectorId: number;
}
interface IsolationRow {
  name: string;
  template: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path(b: Foreign): string;
  body?(b: Foreign): unknown;
  raw?: string;
  headers?: Record<string, string>;
  ownerStatus: number;
  adminOnly?: true;
}

const texts = ['My parcel never arrived'];
/** Every operation that takes an id, in its path or its body, aimed at workspace B's resources. */
const ROWS: IsolationRow[] = [
  {
    name: "get B's model",
    template: '/v2/models/{model_id}',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}`,
    ownerStatus: 200,
  },
  {
    name: "classify with B's model",
    template: '/v2/models/{model_id}/inference',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/inference`,
    body: () => ({ texts }),
    ownerStatus: 200,
  },
  {
    name: "B's model in model_settings",
    template: '/v2/models/inference',
    method: 'POST',
    path: () => '/v2/models/inference',
    body: (b) => ({ texts, model_settings: [{ model_id: b.modelId }] }),
    ownerStatus: 200,
  },
  {
    name: "B's model in model_ids",
    template: '/v2/multi-model/inference',
    method: 'POST',
    path: () => '/v2/multi-model/inference',
    body: (b) => ({ texts, model_ids: [b.modelId] }),
    ownerStatus: 200,
  },
  {
    name: "get B's dataset by key",
    template: '/v2/datasets/{dataset_id}',
    method: 'GET',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}`,
    ownerStatus: 200,
  },
  {
    name: "get B's dataset by integer id",
    template: '/v2/datasets/{dataset_id}',
    method: 'GET',
    path: (b) => `/v2/datasets/${b.datasetId}`,
    ownerStatus: 200,
  },
  {
    name: "list B's records",
    template: '/v2/datasets/{dataset_id}/records',
    method: 'GET',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/records`,
    ownerStatus: 200,
  },
  {
    name: "push a record to B's dataset",
    template: '/v2/datasets/{dataset_id}/records',
    method: 'POST',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/records`,
    body: () => ({ text: 'intrusion', agent_id: 'x' }),
    ownerStatus: 201,
  },
  {
    name: "add rows to B's dataset",
    template: '/v2/dataset/{dataset_id}/item',
    method: 'POST',
    path: (b) => `/v2/dataset/${b.datasetId}/item`,
    body: () => ({ rows: [{ text: 'intrusion' }] }),
    ownerStatus: 200,
  },
  {
    name: "export B's records",
    template: '/v2/datasets/{dataset_id}/export',
    method: 'GET',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/export`,
    ownerStatus: 200,
  },
  {
    name: "list B's uploads",
    template: '/v2/datasets/{dataset_id}/uploads',
    method: 'GET',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/uploads`,
    ownerStatus: 200,
  },
  {
    name: "get B's upload",
    template: '/v2/datasets/{dataset_id}/uploads/{upload_id}',
    method: 'GET',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/uploads/up_${b.uploadId}`,
    ownerStatus: 200,
  },
  // Last: B's own upload leaves its dataset processing for a moment, which would refuse the row writes above.
  {
    name: "upload a file to B's dataset",
    template: '/v2/datasets/{dataset_id}/uploads',
    method: 'POST',
    path: (b) => `/v2/datasets/${datasetKey(b.datasetId)}/uploads`,
    raw: 'text\nintrusion\n',
    headers: { 'Content-Type': 'text/csv' },
    ownerStatus: 202,
  },
  {
    name: "get B's webhook",
    template: '/v2/webhooks/{webhook_id}',
    method: 'GET',
    path: (b) => `/v2/webhooks/${b.webhookId}`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "update B's webhook",
    template: '/v2/webhooks/{webhook_id}',
    method: 'PATCH',
    path: (b) => `/v2/webhooks/${b.webhookId}`,
    body: () => ({ enabled: false }),
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "rotate B's webhook secret",
    template: '/v2/webhooks/{webhook_id}/rotate-secret',
    method: 'POST',
    path: (b) => `/v2/webhooks/${b.webhookId}/rotate-secret`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "list B's webhook deliveries",
    template: '/v2/webhooks/{webhook_id}/deliveries',
    method: 'GET',
    path: (b) => `/v2/webhooks/${b.webhookId}/deliveries`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "redeliver B's delivery",
    template: '/v2/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    method: 'POST',
    path: (b) => `/v2/webhooks/${b.webhookId}/deliveries/${b.deliveryId}/redeliver`,
    ownerStatus: 202,
    adminOnly: true,
  },
  {
    name: "add examples to B's model",
    template: '/v2/models/{model_id}/examples',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/examples`,
    body: () => ({ examples: [{ text: 'x', label: 'billing' }] }),
    ownerStatus: 400,
    adminOnly: true,
  },
  {
    name: "list B's model examples",
    template: '/v2/models/{model_id}/examples',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/examples`,
    ownerStatus: 200,
  },
  {
    name: "edit B's model example",
    template: '/v2/models/{model_id}/examples/{example_id}',
    method: 'PATCH',
    path: (b) => `/v2/models/${b.modelId}/examples/${b.exampleId}`,
    body: () => ({ text: 'edited by A' }),
    // B's model is zero-shot: its one example (stored directly) is not listed, but it is B's to edit.
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "update B's model",
    template: '/v2/models/{model_id}',
    method: 'PATCH',
    path: (b) => `/v2/models/${b.modelId}`,
    body: () => ({ description: 'changed by A' }),
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "list B's model evaluations",
    template: '/v2/models/{model_id}/evaluations',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/evaluations`,
    ownerStatus: 200,
  },
  {
    name: "train B's model",
    template: '/v2/models/{model_id}/training-jobs',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/training-jobs`,
    body: () => ({}),
    ownerStatus: 400,
    adminOnly: true,
  },
  {
    name: "list B's training jobs",
    template: '/v2/models/{model_id}/training-jobs',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/training-jobs`,
    ownerStatus: 200,
  },
  {
    name: "get B's training job",
    template: '/v2/models/{model_id}/training-jobs/{job_id}',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/training-jobs/${b.trainingJobId}`,
    ownerStatus: 200,
  },
  {
    name: "list B's model versions",
    template: '/v2/models/{model_id}/versions',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/versions`,
    ownerStatus: 200,
  },
  {
    name: "evaluate B's model",
    template: '/v2/models/{model_id}/evaluations',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/evaluations`,
    body: () => ({ examples: [{ text: 'a second charge on my card', label: 'billing' }] }),
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "suggestions of B's model",
    template: '/v2/models/{model_id}/suggestions',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/suggestions?dataset_id=${b.datasetId}`,
    ownerStatus: 400,
    adminOnly: true,
  },
  {
    name: "review queue of B's model",
    template: '/v2/models/{model_id}/review',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/review`,
    ownerStatus: 200,
  },
  {
    name: "answer a review of B's record",
    template: '/v2/models/{model_id}/review/{record_id}',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/review/${b.recordId}`,
    body: () => ({ label: 'positive' }),
    // B's model is zero-shot: it takes no answers.
    ownerStatus: 400,
  },
  {
    name: "audit B's model version",
    template: '/v2/models/{model_id}/versions/{version}/audit',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/versions/1/audit`,
    // B's model is zero-shot, with no labelled examples to audit.
    ownerStatus: 400,
    adminOnly: true,
  },
  {
    name: "held-out texts of B's model version",
    template: '/v2/models/{model_id}/versions/{version}/held-out',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/versions/1/held-out?label=not-a-label`,
    // B's model is zero-shot (version 1, its labels): a label it does not have is refused only for B.
    ownerStatus: 400,
  },
  {
    name: "export B's model",
    template: '/v2/models/{model_id}/export',
    method: 'GET',
    path: (b) => `/v2/models/${b.modelId}/export`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "roll back B's model",
    template: '/v2/models/{model_id}/rollback',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/rollback`,
    ownerStatus: 400,
    adminOnly: true,
  },
  {
    name: "archive B's model",
    template: '/v2/models/{model_id}/archive',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/archive`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "deploy B's model",
    template: '/v2/models/{model_id}/deploy',
    method: 'POST',
    path: (b) => `/v2/models/${b.modelId}/deploy`,
    body: () => ({}),
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "delete B's model example",
    template: '/v2/models/{model_id}/examples/{example_id}',
    method: 'DELETE',
    path: (b) => `/v2/models/${b.modelId}/examples/${b.exampleId}`,
    ownerStatus: 204,
    adminOnly: true,
  },
  {
    name: "delete B's model",
    template: '/v2/models/{model_id}',
    method: 'DELETE',
    path: (b) => `/v2/models/${b.modelId}`,
    ownerStatus: 204,
    adminOnly: true,
  },
  {
    name: "get B's connector",
    template: '/v2/connectors/{connector_id}',
    method: 'GET',
    path: (b) => `/v2/connectors/${b.connectorId}`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "update B's connector",
    template: '/v2/connectors/{connector_id}',
    method: 'PATCH',
    path: (b) => `/v2/connectors/${b.connectorId}`,
    body: () => ({ name: 'intrusion' }),
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "sync B's connector",
    template: '/v2/connectors/{connector_id}/sync',
    method: 'POST',
    path: (b) => `/v2/connectors/${b.connectorId}/sync`,
    ownerStatus: 202,
    adminOnly: true,
  },
  {
    name: "list B's connector runs",
    template: '/v2/connectors/{connector_id}/runs',
    method: 'GET',
    path: (b) => `/v2/connectors/${b.connectorId}/runs`,
    ownerStatus: 200,
    adminOnly: true,
  },
  {
    name: "connect to B's dataset",
    template: '/v2/connectors',
    method: 'POST',
    path: () => '/v2/connectors',
    body: (b) => ({
      type: 'zendesk',
      name: 'intrusion',
      base_url: NOWHERE,
      credentials: { email: 'agent@example.com', api_token: 'intrusion' },
      dataset_id: b.datasetId,
      field_mapping: { columns: { text: 'description' } },
      interval_seconds: 3600,
      enabled: false,
    }),
    ownerStatus: 201,
    adminOnly: true,
  },
  {
    name: "delete B's connector",
    template: '/v2/connectors/{connector_id}',
    method: 'DELETE',
    path: (b) => `/v2/connectors/${b.connectorId}`,
    ownerStatus: 204,
    adminOnly: true,
  },
  {
    name: "delete B's webhook",
    template: '/v2/webhooks/{webhook_id}',
    method: 'DELETE',
    path: (b) => `/v2/webhooks/${b.webhookId}`,
    ownerStatus: 204,
    adminOnly: true,
  },
  {
    name: "revoke B's key",
    template: '/v2/api-keys/{key_id}',
    method: 'DELETE',
    path: (b) => `/v2/api-keys/${b.keyId}`,
    ownerStatus: 200,
  },
];

let server: TestServer;
let foreign: Foreign;
let ownerKey: string;
const callerKeys: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({
    connectorKey: TEST_CONNECTOR_KEY,
    webhookAllowPrivate: true,
    connectorAllowPrivate: true,
  });
  const { repos, services } = server.running.runtime;
  const b = await server.createWorkspace({ name: 'workspace-b', plan: 'enterprise' });
  const model = await repos.models.create({ ...(await repos.models.get(server.workspace.id, 1))!, workspaceId: b.id });
  const dataset = await services.datasets.create(b.id, {
    name: 'B only',
    columns: [{ name: 'text', type: 'text' }],
    textColumn: 'text',
    modelIds: [model.id],
  });
  await services.datasets.addRows(b.id, dataset.id, [{ text: 'a record of B' }]);
  const [record] = (await repos.records.list(dataset.id, { offset: 0, limit: 1 })).items;
  ownerKey = await server.createKey(b, 'admin');
  const victim = generateApiKey();
  const keyId = (
    await repos.apiKeys.insert({
      workspaceId: b.id,
      prefix: victim.prefix,
      lastFour: victim.lastFour,
      keyHash: victim.keyHash,
      role: 'reader',
      name: 'B reader',
    })
  ).id;
  const uploads = createUploadRepository(server.running.runtime.database.db);
  const upload = await uploads.begin(b.id, dataset.id, 'csv');
  if (typeof upload === 'string') throw new Error(`could not begin an upload: ${upload}`);
  await uploads.complete(upload.id, classificationJobs);
  const hook = await repos.webhooks.create({
    workspaceId: b.id,
    url: `${NOWHERE}/hooks`,
    events: ['classification.completed'],
    enabled: false,
    secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=',
  });
  const delivery = await server.running.runtime.database.db
    .insertInto('webhook_deliveries')
    .values({ endpoint_id: hook.id, event: 'classification.completed', message_id: 'msg_isolation', body: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const trainingJob = await repos.lifecycle.createTrainingJob(b.id, model.id, {
    architecture: 'linear',
    holdout_fraction: 0.2,
    max_epochs: 10,
    seed: 1,
    deploy: false,
  });
  await repos.lifecycle.addExamples(model.id, [{ text: 'an example of B', label: model.labels[0]!.name }], 'api');
  const exampleId = (await repos.examples.list(model.id, { offset: 0, limit: 1 }, {})).items[0]!.id;
  const connector = await services.connectors.create(b.id, {
    type: 'zendesk',
    name: 'B only',
    baseUrl: NOWHERE,
    credentials: { email: 'agent@example.com', api_token: 'b-token' },
    datasetId: dataset.id,
    fieldMapping: { columns: { text: 'description' } },
    intervalSeconds: 3600,
    enabled: false,
  });
  foreign = {
    connectorId: connector.id,
    exampleId,
    modelId: model.id,
    datasetId: dataset.id,
    keyId,
    uploadId: upload.id,
    webhookId: hook.id,
    deliveryId: delivery.id,
    trainingJobId: trainingJob.id,
    recordId: record!.id,
  };
  callerKeys.admin = await server.createKey(server.workspace, 'admin');
  callerKeys.member = await server.createKey(server.workspace, 'member');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const contract = createRequire(import.meta.url)('@textclass/openapi/openapi.json') as {
  paths: Record<string, unknown>;
};

/** Paths whose id names what the server has for every workspace alike (an encoder), never a workspace's resource. */
const SERVER_WIDE = ['/v1/models/{model}'];

describe('workspace isolation', () => {
  it('covers every operation whose path takes an id', () => {
    const withIds = Object.keys(contract.paths).filter(
      (template) => template.includes('{') && !SERVER_WIDE.includes(template),
    );
    expect([...new Set(ROWS.map((row) => row.template))].sort()).toEqual(expect.arrayContaining(withIds.sort()));
  });

  const cases = ROWS.flatMap((row) => ['admin', 'member'].map((role) => ({ row, role }))).filter(
    ({ row, role }) => role === 'admin' || (row.method !== 'DELETE' && !row.adminOnly),
  );
  it.each(cases.map((c) => [`${c.row.name} with A's ${c.role} key → 404 NOT_FOUND`, c] as const))(
    '%s',
    async (_name, { row, role }) => {
      const res = await server.call(row.method, row.path(foreign), {
        key: callerKeys[role]!,
        body: row.body?.(foreign),
        raw: row.raw,
        headers: row.headers,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    },
  );

  it('left B untouched: its key still works, its dataset holds only its own row', async () => {
    const dataset = await server.call('GET', `/v2/datasets/${datasetKey(foreign.datasetId)}`, { key: ownerKey });
    expect(dataset.body.row_count).toBe(1);
    const keys = await server.call('GET', '/v2/api-keys', { key: ownerKey });
    expect(keys.body.data.find((k: { id: number }) => k.id === foreign.keyId).revoked_at).toBeNull();
  });

  it.each(ROWS.map((row) => [`${row.name} with B's own key → ${row.ownerStatus}`, row] as const))(
    '%s',
    async (_name, row) => {
      const res = await server.call(row.method, row.path(foreign), {
        key: ownerKey,
        body: row.body?.(foreign),
        raw: row.raw,
        headers: row.headers,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(row.ownerStatus);
    },
  );

  it("lists show only the caller's workspace", async () => {
    const key = callerKeys.admin!;
    const ids = async (route: string) =>
      (await server.call('GET', `${route}?limit=100`, { key })).body.data.map((item: { id: number }) => item.id);
    expect(await ids('/v2/models')).not.toContain(foreign.modelId);
    expect(await ids('/v2/datasets')).not.toContain(foreign.datasetId);
    expect(await ids('/v2/api-keys')).not.toContain(foreign.keyId);
  });

  it("a dataset of A cannot name B's model: the same answer as for a model that does not exist", async () => {
    const attempt = (modelId: number) =>
      server.call('POST', '/v2/datasets', {
        key: callerKeys.admin!,
        body: { name: 'x', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [modelId] },
      });
    const theirs = await attempt(foreign.modelId);
    const missing = await attempt(999_999);
    expect([theirs.status, theirs.body.error_code]).toEqual([missing.status, missing.body.error_code]);
    expect(theirs.body.message.replace(String(foreign.modelId), 'N')).toBe(missing.body.message.replace('999999', 'N'));
  });
});
