// A fine-tuned head that reads clause features, end to end: cross-validation chooses them on multilingual reviews, the version says so, and the served head embeds the clauses of the texts it scores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { finished, labelledSet } from './support.js';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ pipelinePollMs: 20 }); }, 120_000);
afterAll(async () => { await server?.close(); });

// Reviews in 13 languages, a sixth of them ironic ("Great, the train is cancelled again"): the opening clause and the rest disagree.
const reviews = labelledSet('sentiment');

describe('a fine-tuned head with clause features', () => {
  let id: number;

  it('is chosen by cross-validation, and the version records both feature sets\' scores', async () => {
    const created = await server.call('POST', '/v2/models', {
      body: { name: 'Reviews by clause', type: 'fine-tuned', labels: [{ name: 'positive' }, { name: 'negative' }, { name: 'neutral' }] },
    });
    id = created.body.id;
    const added = await server.call('POST', `/v2/models/${id}/examples`, { body: { examples: reviews.map(({ text, label }) => ({ text, label })) } });
    expect(added.status).toBe(201);
    const job = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 1, deploy: true } });
    expect(await finished(server, id, job.body.id, 120_000)).toMatchObject({ status: 'succeeded' });

    const { model } = (await server.call('GET', `/v2/models/${id}/export`)).body;
    const head = model.config.head;
    expect(head.features).toBe('text+clauses');
    expect(head.cv.features['text+clauses'].log_loss).toBeLessThan(head.cv.features.text.log_loss);
    const embedded = (await server.call('POST', '/v2/embeddings', { body: { texts: ['x'], encoder: model.config.encoder } })).body;
    expect(head.input_dim).toBe(3 * embedded.dimensions);
  }, 180_000);

  it('scores texts with and without a clause break, in one request and one by one alike', async () => {
    const texts = [
      'Na toll, schon wieder ist der Zug ausgefallen.',
      'Un accueil chaleureux et des croissants à tomber.',
      '見た目はいいけど、二日で持ち手が取れました。',
      'Die Praxis ist montags bis freitags ab 8 Uhr geöffnet.',
    ];
    const together = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts } });
    expect(together.status).toBe(200);
    for (const [i, text] of texts.entries()) {
      const alone = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: [text] } });
      expect(alone.body.predictions[0]).toEqual(together.body.predictions[i]);
      const sum = together.body.predictions[i].reduce((s: number, p: any) => s + p.confidence, 0);
      expect(sum).toBeCloseTo(1, 3);
    }
  });

  it("trains on the text alone with features 'text', rolls back to the clause head, and moves it by export and import", async () => {
    const job = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { seed: 1, features: 'text', deploy: true } });
    expect(job.body.options).toMatchObject({ features: 'text', architecture: 'auto' });
    expect(await finished(server, id, job.body.id, 120_000)).toMatchObject({ status: 'succeeded', version: 2 });
    const { model } = (await server.call('GET', `/v2/models/${id}/export`)).body;
    const head = model.config.head;
    expect(head.features).toBe('text');
    expect(head.cv.features).toBeUndefined();
    expect((await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: ['Na toll, schon wieder.'] } })).status).toBe(200);
    // Back to the clause head: a deploy checks the stored head over three times the encoder's width.
    const back = await server.call('POST', `/v2/models/${id}/rollback`);
    expect(back.status).toBe(200);
    expect(back.body.version).toBe(1);
    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    expect(file.model.config.head.features).toBe('text+clauses');
    const imported = await server.call('POST', '/v2/models/import?name=Reviews%20by%20clause%20(copy)', { body: file });
    expect(imported.status).toBe(201);
    const texts = ['Na toll, schon wieder ist der Zug ausgefallen.', 'Die Praxis ist montags geöffnet.'];
    const original = (await server.call('POST', `/v2/models/${id}/inference`, { body: { texts } })).body.predictions;
    const deployed = await server.call('POST', `/v2/models/${imported.body.id}/deploy`, { body: {} });
    expect(deployed.status).toBe(200);
    expect((await server.call('POST', `/v2/models/${imported.body.id}/inference`, { body: { texts } })).body.predictions).toEqual(original);
    // A file whose config says the head reads the text alone, over a head three times as wide, is refused.
    const narrow = JSON.parse(JSON.stringify(file));
    narrow.model.config.head.features = 'text';
    const refused = await server.call('POST', '/v2/models/import?name=Narrow', { body: narrow });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/head/);
    const bad = await server.call('POST', `/v2/models/${id}/training-jobs`, { body: { features: 'clauses' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/features/);
  }, 180_000);
});
