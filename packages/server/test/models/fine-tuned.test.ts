// A fine-tuned model's whole lifecycle over HTTP on the real server: CSV examples, background training with progress, metrics, deploy, archive (409), redeploy, a second version, rollback, export / import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { csvOf, finished, labelledSet } from './support.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ pipelinePollMs: 20 }); }, 120_000);
afterAll(async () => { await server?.close(); });

// The English rows: the default encoder reads English; the multilingual quality table is docs/model-quality.md.
const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
const sentiment = english;
const probes = ['I love it, fantastic service and a great product', 'Terrible, it broke after one day and nobody answers'];

async function classify(modelId: number, texts = probes) {
  return server.call('POST', `/v2/models/${modelId}/inference`, { body: { texts } });
}

describe('fine-tuned model lifecycle', () => {
  let id: number;
  let firstJob: any;

  it('creates an undeployed fine-tuned model without a version', async () => {
    const res = await server.call('POST', '/v2/models', {
      body: { name: 'Review sentiment', type: 'fine-tuned', labels: [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }], confidence_threshold: 0.5 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'fine-tuned', status: 'undeployed', version: null, previous_version: null, training_examples: 0 });
    expect(res.body.metrics).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
    id = res.body.id;
    expect((await classify(id)).body.error_code).toBe('MODEL_NOT_DEPLOYED');
  });

  it('refuses to train before every label has examples, naming the labels', async () => {
    const res = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/examples.*"positive"/);
  });

  it('takes labelled examples as a CSV file and counts them per label', async () => {
    const res = await server.call('POST', `/v2/models/${id}/examples`, { raw: csvOf(sentiment), headers: { 'Content-Type': 'text/csv' } });
    expect(res.status).toBe(201);
    expect(res.body.added).toBe(sentiment.length);
    expect(res.body.training_job).toBeNull();
    const counts = res.body.examples_per_label;
    expect(counts.positive + counts.negative + counts.neutral).toBe(sentiment.length);
    const again = await server.call('POST', `/v2/models/${id}/examples`, { raw: csvOf(sentiment.slice(0, 3)), headers: { 'Content-Type': 'text/csv' } });
    expect(again.body.added).toBe(0);
  });

  it('rejects a CSV line without a label and an example of an unknown label, naming them', async () => {
    const bad = await server.call('POST', `/v2/models/${id}/examples`, { raw: 'text,label\nfine,positive\nno label here,\n', headers: { 'Content-Type': 'text/csv' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/line 3/);
    const unknown = await server.call('POST', `/v2/models/${id}/examples`, { body: { examples: [{ text: 'ok', label: 'positive' }, { text: 'meh', label: 'mixed' }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/examples\[1\]\.label/);
  });

  it('trains in the background with progress and evaluates on a stratified held-out split', async () => {
    const started = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 7 } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ model_id: id, status: 'queued', progress: 0, options: { architecture: 'auto', holdout_fraction: 0.2, seed: 7, deploy: false } });
    firstJob = await finished(server, id, started.body.id);
    expect(firstJob).toMatchObject({ status: 'succeeded', stage: 'done', progress: 1, version: 1, error: null });
    expect(firstJob.epoch).toBeGreaterThan(0);
    const model = (await server.call('GET', `/v2/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'undeployed', version: 1 });
    expect(model.last_trained).not.toBeNull();
    const holdout = model.metrics.evaluated_on;
    // The metrics come from the head trained on the rest; the served head is then refit on every example.
    expect(model.training_examples).toBe(sentiment.length);
    expect(holdout).toBeGreaterThanOrEqual(Math.floor(sentiment.length * 0.15));
    expect(model.metrics.confusion_matrix).toHaveLength(3);
    const matrix: number[][] = model.metrics.confusion_matrix;
    expect(matrix.flat().reduce((a, b) => a + b, 0)).toBe(holdout);
    const correct = matrix.reduce((sum, row, i) => sum + row[i]!, 0);
    expect(model.metrics.accuracy).toBeCloseTo(correct / holdout, 4);
    for (const label of ['positive', 'negative', 'neutral']) expect(model.metrics.per_class[label].support).toBeGreaterThan(0);
    // Calibrated on the out-of-fold predictions of the chosen recipe, measured on the held-out part.
    const calibration = model.metrics.calibration;
    expect(calibration).toMatchObject({ method: 'temperature', fitted_on: 'out-of-fold', measured_on: 'held-out', examples: holdout });
    expect(calibration.temperature).toBeGreaterThan(0);
    expect(calibration.reliability).toHaveLength(10);
    expect(calibration.reliability.reduce((sum: number, bin: any) => sum + bin.count, 0)).toBe(holdout);
    expect(calibration.ece_after).toBeGreaterThanOrEqual(0);
    // The chance ECE of a perfectly calibrated model on as few held-out texts is well above zero.
    expect(calibration.ece_noise_floor).toBeGreaterThan(0);
    expect(calibration.ece_noise_floor).toBeLessThan(1);
  });

  it('deploys, classifies, archives (409), and redeploys', async () => {
    const deployed = await server.call('POST', `/v2/models/${id}/deploy`, { body: {} });
    expect(deployed.status).toBe(200);
    expect(deployed.body).toMatchObject({ status: 'deployed', version: 1, previous_version: null });
    const res = await classify(id);
    expect(res.status).toBe(200);
    expect(res.body.predictions.map((p: any[]) => p[0].label)).toEqual(['positive', 'negative']);
    const sums = res.body.predictions.map((p: any[]) => p.reduce((a: number, x: any) => a + x.confidence, 0));
    for (const sum of sums) expect(sum).toBeCloseTo(1, 5);
    expect((await server.call('POST', `/v2/models/${id}/archive`)).body.status).toBe('archived');
    const refused = await classify(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('MODEL_ARCHIVED');
    expect((await server.call('POST', `/v2/models/${id}/rollback`)).body.error_code).toBe('MODEL_ARCHIVED');
    expect((await server.call('POST', `/v2/models/${id}/deploy`)).body).toMatchObject({ status: 'deployed', version: 1 });
    expect((await classify(id)).status).toBe(200);
  });

  it('trains a second version that waits for a deploy, deploys it, then rolls back to the first', async () => {
    // An MLP of at most 60 epochs: cross-validation fits it on 5 folds before the held-out and the served fit.
    const started = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { architecture: 'mlp', max_epochs: 60, seed: 3 } });
    const job = await finished(server, id, started.body.id);
    expect(job).toMatchObject({ status: 'succeeded', version: 2 });
    expect((await server.call('GET', `/v2/models/${id}`)).body).toMatchObject({ status: 'deployed', version: 1 });
    const versions = (await server.call('GET', `/v2/models/${id}/versions`)).body.data;
    expect(versions.map((v: any) => [v.version, v.serving, v.has_head])).toEqual([[1, true, true], [2, false, true]]);

    const v1 = (await classify(id)).body.predictions;
    expect((await server.call('POST', `/v2/models/${id}/deploy`, { body: { version: 2 } })).body).toMatchObject({ version: 2, previous_version: 1 });
    const v2 = (await classify(id)).body.predictions;
    expect(v2).not.toEqual(v1);
    expect((await server.call('POST', `/v2/models/${id}/rollback`)).body).toMatchObject({ status: 'deployed', version: 1, previous_version: 2 });
    expect((await classify(id)).body.predictions).toEqual(v1);
    expect((await server.call('POST', `/v2/models/${id}/deploy`, { body: { version: 9 } })).body.message).toMatch(/no version 9/);
  }, 120_000);

  it('never drops a request while versions switch under load', async () => {
    const inFlight = Array.from({ length: 60 }, (_, i) => classify(id, [english[i % english.length]!.text]));
    const switches = [];
    for (let i = 0; i < 6; i += 1) switches.push(await server.call('POST', `/v2/models/${id}/rollback`));
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(switches.map((s) => s.status)).toEqual(switches.map(() => 200));
  });

  it('exports one file and imports it as a new model that predicts the same', async () => {
    const served = (await server.call('GET', `/v2/models/${id}`)).body;
    const exported = await server.call('GET', `/v2/models/${id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="model-\d+-v\d+\.textclass\.json"/);
    const file = exported.body;
    expect(file).toMatchObject({ format: 'textclass.model', format_version: 1, model: { type: 'fine-tuned', version: served.version } });
    expect(file.head.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.model.training_examples).toBe(sentiment.length);
    expect(file.model.config.split).toMatchObject({ served_head_trained_on: 'all', holdout: served.metrics.evaluated_on });
    expect(file.model.config.split.train + file.model.config.split.holdout).toBe(sentiment.length);
    // The version's config names the recipe cross-validation chose among every candidate it scored, and its temperature.
    const head = file.model.config.head;
    expect(head).toMatchObject({ temperature: served.metrics.calibration.temperature, cv: { criterion: 'log_loss' } });
    const chosen = head.cv.candidates.find((c: any) => c.recipe === (head.recipe === 'mlp' ? 'mlp 32' : `logistic-regression l2=${head.l2}`));
    expect(chosen.log_loss).toBe(Math.min(...head.cv.candidates.map((c: any) => c.log_loss)));
    expect(file.encoder.sha256).toMatch(/^[0-9a-f]{64}$/);

    expect((await server.call('POST', '/v2/models/import', { body: file })).body.message).toMatch(
      /already exists; import it under another name \(the `name` query parameter, or `--name` of `textclass models import`\)/,
    );
    const tampered = { ...file, head: { ...file.head, data_base64: Buffer.from('not a graph').toString('base64') } };
    expect((await server.call('POST', '/v2/models/import?name=Tampered', { body: tampered })).body.message).toMatch(/head\.sha256/);
    const otherEncoder = { ...file, encoder: { ...file.encoder, sha256: '0'.repeat(64) } };
    expect((await server.call('POST', '/v2/models/import?name=Other', { body: otherEncoder })).body.message).toMatch(/encoder\.sha256/);

    const imported = await server.call('POST', '/v2/models/import?name=Review%20sentiment%20copy', { body: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ name: 'Review sentiment copy', type: 'fine-tuned', status: 'undeployed', version: 1, metrics: served.metrics });
    await server.call('POST', `/v2/models/${imported.body.id}/deploy`);
    expect((await classify(imported.body.id)).body.predictions).toEqual((await classify(id)).body.predictions);
  });

  it('lists training jobs newest first and hides lifecycle writes from readers', async () => {
    const jobs = (await server.call('GET', `/v2/models/${id}/training-jobs`)).body;
    expect(jobs.total).toBe(2);
    expect(jobs.data[1].id).toBe(firstJob.id);
    const reader = await server.createKey(server.workspace, 'reader');
    expect((await server.call('GET', `/v2/models/${id}/versions`, { key: reader })).status).toBe(200);
    for (const [method, route] of [['POST', `/v2/models/${id}/deploy`], ['POST', `/v2/models/${id}/archive`], ['POST', `/v2/models/${id}/training-jobs`], ['GET', `/v2/models/${id}/export`], ['DELETE', `/v2/models/${id}`]] as const) {
      const res = await server.call(method, route, { key: reader, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, route).toBe(403);
    }
  });

  it('lists models by status and deletes one', async () => {
    const undeployed = (await server.call('GET', '/v2/models?status=undeployed')).body.data.map((m: any) => m.id);
    const all = (await server.call('GET', '/v2/models?status=all')).body.total;
    const created = await server.call('POST', '/v2/models', { body: { name: 'To delete', type: 'zero-shot', labels: [{ name: 'a' }, { name: 'b' }] } });
    expect((await server.call('GET', '/v2/models?status=undeployed')).body.data.map((m: any) => m.id)).toEqual([...undeployed, created.body.id]);
    expect((await server.call('DELETE', `/v2/models/${created.body.id}`)).status).toBe(204);
    expect((await server.call('GET', `/v2/models/${created.body.id}`)).status).toBe(404);
    expect((await server.call('GET', '/v2/models?status=all')).body.total).toBe(all);
  });
});
