// The lifecycle's rules over HTTP on the real server, with its trainings run one at a time by this test (workers off): one training at a time, the first training returned on create and awaited by deploy (409 + Retry-After), version history across archive and redeploy, and imports whose head could not serve.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrainingWorker } from '../../src/core/lifecycle/training-worker.js';
import { buildHeadGraph, onnxHeadGraphs } from '../../src/adapters/inference/heads/head-graph.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { csvOf, labelledSet } from './support.js';

let server: TestServer;
let trainer: TrainingWorker;
beforeAll(async () => {
  server = await startTestServer({ pipelineWorkers: false });
  const { repos, services } = server.running.runtime;
  trainer = new TrainingWorker({
    jobs: repos.jobs,
    lifecycle: repos.lifecycle,
    models: repos.models,
    encoders: services.encoders,
    graphs: onnxHeadGraphs,
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
const twoLabels = english.filter((r) => r.label !== 'neutral');
const probes = [
  'I love it, fantastic service and a great product',
  'Terrible, it broke after one day and nobody answers',
];

/** Runs the one queued training, as a server's training worker would. */
async function runTraining(): Promise<void> {
  expect(await trainer.tick()).toBe(1);
}

async function fineTuned(name: string): Promise<number> {
  const created = await server.call('POST', '/v2/models', {
    body: { name, type: 'fine-tuned', labels: [{ name: 'positive' }, { name: 'negative' }] },
  });
  expect(created.status).toBe(201);
  const added = await server.call('POST', `/v2/models/${created.body.id}/examples`, {
    raw: csvOf(twoLabels),
    headers: { 'Content-Type': 'text/csv' },
  });
  expect(added.status).toBe(201);
  return created.body.id;
}

const model = async (id: number) => (await server.call('GET', `/v2/models/${id}`)).body;

describe('a few-shot model created with inline examples', () => {
  it('returns its first training job, and deploy answers 409 with Retry-After until that training has finished', async () => {
    const seed = ['positive', 'negative', 'neutral'].map((label) => english.find((r) => r.label === label)!);
    const created = await server.call('POST', '/v2/models', {
      body: {
        name: 'Few-shot at once',
        type: 'few-shot',
        labels: [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }],
        examples: seed.map(({ text, label }) => ({ text, label })),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: null, training_job: { status: 'queued', version: null } });
    const id = created.body.id;
    const job = created.body.training_job;
    expect((await server.call('GET', `/v2/models/${id}/training-jobs/${job.id}`)).body).toMatchObject({
      id: job.id,
      status: 'queued',
    });

    const early = await server.call('POST', `/v2/models/${id}/deploy`);
    expect(early.status).toBe(409);
    expect(early.body.error_code).toBe('CONFLICT');
    expect(early.body.message).toMatch(new RegExp(`^version: .*job ${job.id}\\) is queued`));
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    await runTraining();
    const deployed = await server.call('POST', `/v2/models/${id}/deploy`);
    expect(deployed.status).toBe(200);
    expect(deployed.body).toMatchObject({ status: 'deployed', version: 1 });
    expect((await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: probes } })).status).toBe(200);
  });

  it('answers training_job null when nothing was queued, and a model never trained still gets 400 on deploy', async () => {
    const created = await server.call('POST', '/v2/models', {
      body: { name: 'Fine-tuned, no examples', type: 'fine-tuned', labels: [{ name: 'a' }, { name: 'b' }] },
    });
    expect(created.body).toMatchObject({ version: null, training_job: null });
    const deploy = await server.call('POST', `/v2/models/${created.body.id}/deploy`);
    expect(deploy.status).toBe(400);
    expect(deploy.body.message).toMatch(/^version: .*train it first/);
  });
});

describe('training jobs', () => {
  it('refuse a second training while one is queued or running (409 naming it), and allow one once it has finished', async () => {
    const id = await fineTuned('One training at a time');
    const [first, second] = await Promise.all([
      server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} }),
      server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([202, 409]);
    const accepted = first.status === 202 ? first : second;
    const refused = first.status === 202 ? second : first;
    expect(refused.body.error_code).toBe('CONFLICT');
    expect(refused.body.message).toMatch(new RegExp(`^model_id: .*training job ${accepted.body.id} queued`));
    const third = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 9 } });
    expect(third.status).toBe(409);

    await runTraining();
    expect(await trainer.tick()).toBe(0);
    expect((await server.call('GET', `/v2/models/${id}/versions`)).body.data).toHaveLength(1);
    expect((await server.call('GET', `/v2/models/${id}/training-jobs`)).body.total).toBe(1);

    const after = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    expect(after.status).toBe(202);
    await runTraining();
    expect((await server.call('GET', `/v2/models/${id}/versions`)).body.data).toHaveLength(2);
  });
});

describe('version history', () => {
  it("survives the models guide's deploy v1 → archive → train --deploy → rollback", async () => {
    const id = await fineTuned('History across archive');
    await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    await runTraining();
    expect((await server.call('POST', `/v2/models/${id}/deploy`)).body).toMatchObject({ version: 1 });
    expect((await server.call('POST', `/v2/models/${id}/archive`)).body.status).toBe('archived');

    const second = await server.call('POST', `/v2/models/${id}/training-jobs`, {
      body: { architecture: 'mlp', max_epochs: 60, deploy: true },
    });
    expect(second.status).toBe(202);
    await runTraining();
    expect(await model(id)).toMatchObject({ status: 'deployed', version: 2, previous_version: 1 });
    const rolledBack = await server.call('POST', `/v2/models/${id}/rollback`);
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body).toMatchObject({ status: 'deployed', version: 1, previous_version: 2 });
  });

  it('keeps an archived model on its version while it trains, and a redeploy of the new one can roll back to it', async () => {
    const id = await fineTuned('History across redeploy');
    await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    await runTraining();
    await server.call('POST', `/v2/models/${id}/deploy`);
    await server.call('POST', `/v2/models/${id}/archive`);

    await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 4 } });
    await runTraining();
    expect(await model(id)).toMatchObject({ status: 'archived', version: 1, previous_version: null });
    expect((await server.call('POST', `/v2/models/${id}/deploy`)).body).toMatchObject({
      status: 'deployed',
      version: 2,
      previous_version: 1,
    });
    expect((await server.call('POST', `/v2/models/${id}/rollback`)).body).toMatchObject({
      version: 1,
      previous_version: 2,
    });
  });
});

describe('import', () => {
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const withHead = (file: any, bytes: Uint8Array, name: string) => ({
    file: {
      ...file,
      head: { ...file.head, sha256: sha256(bytes), data_base64: Buffer.from(bytes).toString('base64') },
    },
    name,
  });

  it('refuses a head that could not serve, naming the field, and creates nothing', async () => {
    const id = await fineTuned('Import source');
    await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    await runTraining();
    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    const head = new Uint8Array(Buffer.from(file.head.data_base64, 'base64'));
    const before = (await server.call('GET', '/v2/models?status=all')).body.total;

    let state = 7;
    const noise = Uint8Array.from({ length: 600 }, () => (state = (state * 1103515245 + 12345) % 2 ** 31) & 0xff);
    const otherDimension = buildHeadGraph({
      architecture: 'linear',
      inputDim: 24,
      labels: ['positive', 'negative'],
      layers: [{ inDim: 24, outDim: 2, weights: new Float32Array(48).fill(0.1), bias: new Float32Array(2) }],
    });
    const refused = [
      withHead(file, noise, 'Random head'),
      withHead(file, head.subarray(0, head.length >> 1), 'Truncated head'),
      withHead(file, new Uint8Array(0), 'Empty head'),
      withHead(file, otherDimension, 'Other dimension'),
    ];
    for (const { file: bad, name } of refused) {
      const res = await server.call('POST', `/v2/models/import?name=${encodeURIComponent(name)}`, { body: bad });
      expect(res.status, name).toBe(400);
      expect(res.body.error_code, name).toBe('INVALID_PARAMETER');
      expect(res.body.message, name).toMatch(/^head\.data_base64: /);
    }
    const threeLabels = { ...file, model: { ...file.model, labels: [...file.model.labels, { name: 'neutral' }] } };
    const labels = await server.call('POST', '/v2/models/import?name=Three%20labels', { body: threeLabels });
    expect(labels.status).toBe(400);
    expect(labels.body.message).toMatch(/^model\.labels: 3 labels, but the head gives 2 probabilities per text/);
    expect((await server.call('GET', '/v2/models?status=all')).body.total).toBe(before);

    // A head stored before imports were checked: deploy refuses its version instead of failing.
    const { repos } = server.running.runtime;
    for (const [name, graph, labels] of [
      ['Stored noise', noise, file.model.labels],
      ['Stored three labels', head, [...file.model.labels, { name: 'neutral', descriptions: [] }]],
    ] as const) {
      const stored = await repos.models.create({
        workspaceId: server.workspace.id,
        name,
        type: 'fine-tuned',
        status: 'undeployed',
        labels: [...labels],
        config: file.model.config,
        metrics: file.model.metrics,
        trainingExamples: 0,
        lastTrained: null,
        confidenceThreshold: 0,
        version: null,
      });
      await repos.lifecycle.addVersion(stored.id, {
        labels: [...labels],
        config: file.model.config,
        metrics: file.model.metrics,
        trainingExamples: 0,
        trainedAt: null,
        headGraph: graph,
      });
      const deploy = await server.call('POST', `/v2/models/${stored.id}/deploy`);
      expect(deploy.status, name).toBe(400);
      expect(deploy.body.message, name).toMatch(/^version: version 1 of model \d+ cannot serve: its head /);
    }

    const imported = await server.call('POST', '/v2/models/import?name=Import%20copy', { body: file });
    expect(imported.status).toBe(201);
    expect((await server.call('POST', `/v2/models/${imported.body.id}/deploy`)).status).toBe(200);
    expect(
      (await server.call('POST', `/v2/models/${imported.body.id}/inference`, { body: { texts: probes } })).status,
    ).toBe(200);
  });
});
