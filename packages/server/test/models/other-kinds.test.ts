// Few-shot (auto-training, retraining as examples arrive, active-learning suggestions), zero-shot evaluation and llm models over HTTP on the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { startLlmStandIn, type LlmStandIn } from '../testing/llm-stand-in.js';
import { finished, labelledSet } from './support.js';

let server: TestServer;
let standIn: LlmStandIn;
const english = labelledSet('sentiment').filter((r) => r.lang === 'en');

beforeAll(async () => {
  standIn = await startLlmStandIn({ apiKey: 'sk-stand-in', rules: [{ keyword: 'love', label: 'positive' }, { keyword: 'broke', label: 'negative' }] });
  process.env.TEXTCLASS_TEST_LLM_KEY = 'sk-stand-in';
  server = await startTestServer({
    pipelinePollMs: 20,
    llmEndpoints: new Map([['local', { name: 'local', url: standIn.url, model: 'stand-in', apiKeyEnv: 'TEXTCLASS_TEST_LLM_KEY', timeoutMs: 5_000, maxConcurrency: 2, maxQueue: 256 }]]),
  });
}, 120_000);
afterAll(async () => { await server?.close(); await standIn?.close(); delete process.env.TEXTCLASS_TEST_LLM_KEY; });

const labels = [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }];

describe('few-shot models', () => {
  let id: number;

  it('train on their own as soon as every label has an example', async () => {
    const seed = ['positive', 'negative', 'neutral'].map((label) => english.find((r) => r.label === label)!);
    const res = await server.call('POST', '/v2/models', { body: { name: 'Few-shot sentiment', type: 'few-shot', labels, examples: seed.map(({ text, label }) => ({ text, label })) } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'few-shot', version: null });
    id = res.body.id;
    const jobs = (await server.call('GET', `/v2/models/${id}/training-jobs`)).body;
    expect(jobs.total).toBe(1);
    expect(await finished(server, id, jobs.data[0].id)).toMatchObject({ status: 'succeeded', version: 1 });
    expect((await server.call('POST', `/v2/models/${id}/deploy`)).body).toMatchObject({ status: 'deployed', version: 1 });
  });

  it('suggests the rows it is least sure about, then retrains and keeps serving as examples are added', async () => {
    const dataset = await server.call('POST', '/v2/datasets', { body: { name: 'Reviews', columns: [{ name: 'text', type: 'text' }], text_column: 'text' } });
    const key = dataset.body.key;
    for (let i = 0; i < english.length; i += 8) {
      const rows = english.slice(i, i + 8).map((r) => ({ text: r.text }));
      const pushed = await server.call('POST', `/v2/dataset/${dataset.body.id}/item`, { body: { rows } });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    }
    const res = await server.call('GET', `/v2/models/${id}/suggestions?dataset_id=${key}&limit=5`);
    expect(res.status).toBe(200);
    expect(res.body.strategy).toBe('margin');
    expect(res.body.scanned).toBe(english.length - 3);
    expect(res.body.data).toHaveLength(5);
    const uncertainties = res.body.data.map((s: any) => s.uncertainty);
    expect(uncertainties).toEqual([...uncertainties].sort((a, b) => b - a));
    for (const s of res.body.data) expect(['positive', 'negative', 'neutral']).toContain(s.label);

    const entropy = await server.call('GET', `/v2/models/${id}/suggestions?dataset_id=${key}&strategy=entropy&limit=3`);
    expect(entropy.body.strategy).toBe('entropy');

    const labelled = res.body.data.map((s: any) => ({ text: s.text, label: english.find((r) => r.text === s.text)!.label }));
    const added = await server.call('POST', `/v2/models/${id}/examples`, { body: { examples: labelled } });
    expect(added.status).toBe(201);
    expect(added.body.added).toBe(5);
    expect(added.body.training_job).toMatchObject({ status: 'queued', options: { deploy: true } });
    expect(await finished(server, id, added.body.training_job.id)).toMatchObject({ status: 'succeeded', version: 2 });
    expect((await server.call('GET', `/v2/models/${id}`)).body).toMatchObject({ status: 'deployed', version: 2, previous_version: 1 });
    const after = await server.call('GET', `/v2/models/${id}/suggestions?dataset_id=${key}&limit=50`);
    expect(after.body.scanned).toBe(english.length - 8);
    expect(after.body.data.map((s: any) => s.text)).not.toContain(labelled[0].text);
  });
});

describe('fine-tuned models from a dataset', () => {
  it('take the labelled rows of a dataset (a column holding the label), leaving out unlabelled and unknown ones', async () => {
    const dataset = await server.call('POST', '/v2/datasets', { body: { name: 'Labelled reviews', columns: [{ name: 'text', type: 'text' }, { name: 'sentiment', type: 'text' }], text_column: 'text' } });
    const rows = english.map((r, i) => ({ text: r.text, sentiment: i % 10 === 0 ? null : r.label }));
    rows.push({ text: 'a row with a label the model does not have', sentiment: 'sarcastic' });
    for (let i = 0; i < rows.length; i += 8) {
      expect((await server.call('POST', `/v2/dataset/${dataset.body.id}/item`, { body: { rows: rows.slice(i, i + 8) } })).status).toBe(200);
    }
    const model = await server.call('POST', '/v2/models', { body: { name: 'From a dataset', type: 'fine-tuned', labels } });
    const added = await server.call('POST', `/v2/models/${model.body.id}/examples`, { body: { dataset_id: dataset.body.key, label_column: 'sentiment' } });
    expect(added.status).toBe(201);
    expect(added.body.added).toBe(rows.filter((r) => r.sentiment !== null && r.sentiment !== 'sarcastic').length);
    const missing = await server.call('POST', `/v2/models/${model.body.id}/examples`, { body: { dataset_id: dataset.body.key, label_column: 'topic' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/label_column/);
    const half = await server.call('POST', `/v2/models/${model.body.id}/examples`, { body: { dataset_id: dataset.body.key } });
    expect(half.body.error_code).toBe('MISSING_REQUIRED_FIELD');
  });
});

describe('zero-shot models', () => {
  it('are created with descriptions as version 1 and evaluated on a labelled set', async () => {
    const res = await server.call('POST', '/v2/models', {
      body: {
        name: 'Zero-shot sentiment', type: 'zero-shot',
        labels: [
          { name: 'positive', descriptions: ['I love it, great and happy'] },
          { name: 'negative', descriptions: ['terrible, broken, angry and disappointed'] },
          { name: 'neutral', descriptions: ['a plain factual statement'] },
        ],
      },
    });
    expect(res.body).toMatchObject({ status: 'undeployed', version: 1 });
    const evaluated = await server.call('POST', `/v2/models/${res.body.id}/evaluations`, { body: { examples: english.map(({ text, label }) => ({ text, label })) } });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.evaluated_on).toBe(english.length);
    expect(evaluated.body.accuracy).toBeGreaterThan(1 / 3);
    expect((await server.call('GET', `/v2/models/${res.body.id}`)).body.metrics).toEqual(evaluated.body);
    const bad = await server.call('POST', `/v2/models/${res.body.id}/evaluations`, { body: { examples: [{ text: 'x', label: 'mixed' }] } });
    expect(bad.body.message).toMatch(/examples\[0\]\.label/);
    const both = await server.call('POST', `/v2/models/${res.body.id}/evaluations`, { body: { examples: [{ text: 'x', label: 'positive' }], dataset_id: 1, label_column: 'x' } });
    expect(both.status).toBe(400);
  });
});

describe('llm models', () => {
  it('refuse an endpoint the operator did not configure', async () => {
    const res = await server.call('POST', '/v2/models', { body: { name: 'Nowhere', type: 'llm', labels, llm: { endpoint: 'openai', prompt: 'Classify the sentiment.' } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/llm\.endpoint/);
  });

  it('classify through the configured endpoint once deployed, and are evaluated on a labelled set', async () => {
    const res = await server.call('POST', '/v2/models', { body: { name: 'LLM sentiment', type: 'llm', labels, llm: { endpoint: 'local', prompt: 'Classify the sentiment of the review.' } } });
    expect(res.status).toBe(201);
    expect(res.body.version).toBe(1);
    const id = res.body.id;
    await server.call('POST', `/v2/models/${id}/deploy`);
    const inference = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: ['I love this, fantastic', 'It broke on day one, terrible'] } });
    expect(inference.status).toBe(200);
    expect(inference.body.predictions.map((p: any[]) => p[0].label)).toEqual(['positive', 'negative']);
    const evaluated = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: [
      { text: 'great product, love it', label: 'positive' }, { text: 'awful, it broke', label: 'negative' },
    ] } });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.accuracy).toBe(1);

    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    expect(file).toMatchObject({ model: { type: 'llm', config: { llm: { endpoint: 'local' } } }, head: null });
    expect(JSON.stringify(file)).not.toContain('sk-stand-in');
    const elsewhere = { ...file, model: { ...file.model, config: { ...file.model.config, llm: { ...file.model.config.llm, endpoint: 'their-vllm' } } } };
    const refused = await server.call('POST', '/v2/models/import?name=Moved', { body: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/llm\.endpoint.*"their-vllm"/);
    expect((await server.call('POST', '/v2/models/import?name=Copied', { body: file })).status).toBe(201);
  });
});
