// Every operation × every role, each cell as the operation's least role says: allowed → its success status, else 403 FORBIDDEN.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/core/tenancy/api-key-tokens.js';
import { datasetKey } from '../../src/core/datasets/dataset-keys.js';
import { createUploadRepository } from '../../src/adapters/storage/index.js';
import type { Role } from '../../src/core/shared/types.js';
import { finished } from '../models/support.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { allows, MATRIX, ROLES, type MatrixContext } from './matrix.js';
import { classificationJobs } from '../../src/core/datasets/classification-jobs.js';
import { TEST_CONNECTOR_KEY } from '../connectors/support.js';
import { NOWHERE } from '../testing/nowhere.js';

interface ContractOperation {
  operationId: string;
  description?: string;
}
const contract = createRequire(import.meta.url)('@textclass/openapi/openapi.json') as {
  paths: Record<string, Record<string, ContractOperation>>;
};
const operations = Object.entries(contract.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ template, method: method.toUpperCase(), ...op })),
);

let server: TestServer;
const keys = {} as Record<Role, string>;
const ctx: MatrixContext = {
  async freshKeyId() {
    const key = generateApiKey();
    const record = await server.running.runtime.repos.apiKeys.insert({
      workspaceId: server.workspace.id,
      prefix: key.prefix,
      lastFour: key.lastFour,
      keyHash: key.keyHash,
      role: 'reader',
      name: 'to revoke',
    });
    return record.id;
  },
  async freshDatasetKey() {
    const dataset = await server.running.runtime.services.datasets.create(server.workspace.id, {
      name: 'matrix upload',
      columns: [{ name: 'text', type: 'text' }],
      textColumn: 'text',
      modelIds: [],
    });
    return datasetKey(dataset.id);
  },
  async freshUploadPath() {
    const key = await ctx.freshDatasetKey();
    const uploads = createUploadRepository(server.running.runtime.database.db);
    const upload = await uploads.begin(server.workspace.id, Number(key.slice(3)), 'csv');
    if (typeof upload === 'string') throw new Error(`could not begin an upload: ${upload}`);
    await uploads.complete(upload.id, classificationJobs);
    return `/v2/datasets/${key}/uploads/up_${upload.id}`;
  },
  async freshWebhookId() {
    const endpoint = await server.running.runtime.repos.webhooks.create({
      workspaceId: server.workspace.id,
      url: `${NOWHERE}/hooks`,
      events: ['classification.completed'],
      enabled: false,
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=',
    });
    return endpoint.id;
  },
  async freshConnectorId() {
    const dataset = Number((await ctx.freshDatasetKey()).slice(3));
    const connector = await server.running.runtime.services.connectors.create(server.workspace.id, {
      type: 'zendesk',
      name: 'matrix',
      baseUrl: NOWHERE,
      credentials: { email: 'agent@example.com', api_token: 'matrix-token' },
      datasetId: dataset,
      fieldMapping: { columns: { text: 'description' } },
      intervalSeconds: 3600,
      enabled: false,
    });
    return connector.id;
  },
  async freshRedeliverPath() {
    const id = await ctx.freshWebhookId();
    const delivery = await server.running.runtime.database.db
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: id, event: 'classification.completed', message_id: `msg_matrix_${id}`, body: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return `/v2/webhooks/${id}/deliveries/${delivery.id}/redeliver`;
  },
  async freshModelId(kind) {
    const admin = (method: string, route: string, body?: unknown) => server.call(method, route, { body });
    const labels = [{ name: 'billing' }, { name: 'shipping' }];
    const examples = [
      ['a second charge on my card', 'billing'],
      ['the invoice total is wrong', 'billing'],
      ['where is my parcel', 'shipping'],
      ['the courier never came', 'shipping'],
    ].map(([text, label]) => ({ text: text!, label: label! }));
    const name = `matrix ${kind} ${++modelCount}`;
    if (kind === 'zero-shot' || kind === 'deployed') {
      const model = await admin('POST', '/v2/models', {
        name,
        type: 'zero-shot',
        labels: [{ name: 'a' }, { name: 'b' }],
      });
      if (kind === 'deployed') await admin('POST', `/v2/models/${model.body.id}/deploy`, {});
      return model.body.id;
    }
    const model = await admin('POST', '/v2/models', { name, type: 'fine-tuned', labels });
    await admin('POST', `/v2/models/${model.body.id}/examples`, { examples });
    if (kind === 'fine-tuned') return model.body.id;
    for (const seed of [1, 2]) {
      const job = await admin('POST', `/v2/models/${model.body.id}/training-jobs`, {
        seed,
        holdout_fraction: 0,
        deploy: true,
      });
      const done = await finished(server, model.body.id, job.body.id);
      if (done.status !== 'succeeded') throw new Error(`training failed: ${done.error}`);
    }
    return model.body.id;
  },
  async freshExamplePath() {
    const id = await ctx.freshModelId('fine-tuned');
    const page = await server.call('GET', `/v2/models/${id}/examples?limit=1`);
    return `/v2/models/${id}/examples/${page.body.data[0].id}`;
  },
  async freshTrainingJobPath() {
    const id = await ctx.freshModelId('fine-tuned');
    const job = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    return `/v2/models/${id}/training-jobs/${job.body.id}`;
  },
  async demoRecordId() {
    const pushed = await server.call('POST', '/v2/datasets/ds_1/records', {
      body: { text: 'the invoice total is wrong again' },
    });
    if (typeof pushed.body.id !== 'string') throw new Error(`could not push a record: ${JSON.stringify(pushed.body)}`);
    return pushed.body.id;
  },
  async exportFile() {
    return (await server.call('GET', '/v2/models/1/export')).body;
  },
};
let modelCount = 0;

beforeAll(async () => {
  server = await startTestServer({
    pipelinePollMs: 20,
    connectorKey: TEST_CONNECTOR_KEY,
    webhookAllowPrivate: true,
    connectorAllowPrivate: true,
  });
  for (const role of ROLES) keys[role] = await server.createKey(server.workspace, role);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the authorisation matrix', () => {
  it('covers every operation of the contract, with the least role the contract states', () => {
    expect(MATRIX.map((row) => `${row.method} ${row.template} ${row.operationId}`).sort()).toEqual(
      operations.map((op) => `${op.method} ${op.template} ${op.operationId}`).sort(),
    );
    for (const row of MATRIX) {
      const stated =
        /Needs the `(\w+)` role/.exec(
          operations.find((op) => op.operationId === row.operationId)?.description ?? '',
        )?.[1] ?? null;
      expect(stated, row.operationId).toBe(row.least);
    }
  });

  const cells = MATRIX.flatMap((row) => ROLES.map((role) => ({ row, role, allowed: allows(role, row.least) })));
  it.each(
    cells.map(
      (cell) =>
        [
          `${cell.row.method} ${cell.row.template} as ${cell.role} → ${cell.allowed ? cell.row.success : 403}`,
          cell,
        ] as const,
    ),
  )('%s', async (_name, { row, role, allowed }) => {
    const res = await server.call(row.method, await row.path(ctx), {
      key: keys[role],
      body: row.bodyOf ? await row.bodyOf(ctx) : row.body,
      raw: row.raw,
      headers: row.headers,
    });
    if (allowed) {
      expect(res.status, JSON.stringify(res.body)).toBe(row.success);
    } else if (row.template.startsWith('/v1/')) {
      // OpenAI's error shape on the OpenAI-compatible endpoints.
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: { type: 'permission_error', code: 'forbidden' } });
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        status: 403,
        error_code: 'FORBIDDEN',
        request_id: res.headers.get('x-request-id'),
      });
    }
  });
});
