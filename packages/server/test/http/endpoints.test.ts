// The /v2 model, inference, similarity and transport endpoints end to end on the seeded demo workspace, contract-validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const top = (predictions: Array<{ label: string }>) => predictions[0]?.label;

describe('models', () => {
  it('lists the deployed demo models with the pagination envelope', async () => {
    const res = await server.call('GET', '/v2/models');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, offset: 0, limit: 20, has_more: false });
    // Each with its accuracy and last training, as a list of models shows them (the same as on the model itself).
    const models = await Promise.all([1, 2].map(async (id) => (await server.call('GET', `/v2/models/${id}`)).body));
    expect(res.body.data).toEqual(
      [
        { id: 1, name: 'Support topics', type: 'zero-shot', status: 'deployed' },
        { id: 2, name: 'Sentiment', type: 'zero-shot', status: 'deployed' },
      ].map((summary, at) => ({
        ...summary,
        accuracy: models[at].metrics.accuracy,
        last_trained: models[at].last_trained,
      })),
    );
    expect(typeof res.body.data[0].accuracy).toBe('number');
    const page = await server.call('GET', '/v2/models?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: 2, offset: 1, limit: 1, has_more: false, data: [{ id: 2 }] });
    expect((await server.call('GET', '/v2/models?limit=1')).body.has_more).toBe(true);
  });

  it('returns a model with labels and real evaluation metrics', async () => {
    const res = await server.call('GET', '/v2/models/1');
    expect(res.status).toBe(200);
    expect(res.body.labels).toContain('billing');
    expect(res.body.metrics.accuracy).toBeGreaterThan(0.5);
    expect(Object.keys(res.body.metrics.per_class).sort()).toEqual([...res.body.labels].sort());
    expect(res.body.training_examples).toBeGreaterThan(0);
  });

  it('shows the scoring rule the demo Sentiment model chose on its examples, with both likelihoods', async () => {
    const res = await server.call('GET', '/v2/models/2');
    expect(res.status).toBe(200);
    const choice = res.body.metrics.calibration.zero_shot_scoring;
    expect(choice).toMatchObject({ chosen: 'mean', examples: 24 });
    expect(choice.nll_mean).toBeLessThan(choice.nll_pooled);
    // Its ECE after is measured out of fold (each fold scored by the rule and scale fitted on the others), its ECE
    // before on the confidences of the default scale.
    expect(res.body.metrics.calibration).toMatchObject({
      fitted_on: 'evaluation-set',
      measured_on: 'out-of-fold',
      folds: 5,
      examples: 24,
    });
  });

  it('rejects out-of-range pagination', async () => {
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await server.call('GET', `/v2/models?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error_code).toBe('INVALID_PARAMETER');
    }
  });
});

describe('single-model inference', () => {
  it('classifies support texts sensibly, with confidences summing to 1 in descending order', async () => {
    const res = await server.call('POST', '/v2/models/1/inference', {
      body: {
        texts: [
          'I was charged twice on my credit card, please refund the payment.',
          'My package has not arrived and the tracking number does not work.',
          'I forgot my password and cannot log in to my account.',
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.model_id).toBe(1);
    expect(res.body.text_language).toBe('en');
    expect(Number.isInteger(res.body.processing_time_ms)).toBe(true);
    expect(res.body.predictions.map(top)).toEqual(['billing', 'shipping', 'account_access']);
    for (const row of res.body.predictions) {
      const confidences = row.map((p: { confidence: number }) => p.confidence);
      expect(confidences.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 4);
      expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    }
  });

  it('applies label_filter without rescaling, then max_predictions', async () => {
    const text = 'Please cancel my subscription.';
    const all = (await server.call('POST', '/v2/models/1/inference', { body: { texts: [text] } })).body.predictions[0];
    const filtered = (
      await server.call('POST', '/v2/models/1/inference', {
        body: { texts: [text], label_filter: ['billing', 'cancellation'], max_predictions: 1 },
      })
    ).body.predictions[0];
    expect(filtered).toHaveLength(1);
    const expected = all.filter((p: { label: string }) => ['billing', 'cancellation'].includes(p.label))[0];
    expect(filtered[0]).toEqual(expected);
  });

  it('is idempotent and detects the language', async () => {
    const body = { texts: ['Ich habe mein Passwort vergessen und kann mich nicht anmelden.'] };
    const a = await server.call('POST', '/v2/models/2/inference', { body });
    const b = await server.call('POST', '/v2/models/2/inference', { body });
    expect(a.body.predictions).toEqual(b.body.predictions);
    expect(a.body.text_language).toBe('de');
  });

  it('reads the sentiment of clear texts', async () => {
    const res = await server.call('POST', '/v2/models/2/inference', {
      body: {
        texts: [
          'Thank you so much, excellent and friendly service, I love it!',
          'This is terrible, I am furious and disappointed, worst experience ever.',
        ],
      },
    });
    expect(res.body.predictions.map(top)).toEqual(['positive', 'negative']);
  });
});

describe('multi-model inference', () => {
  const texts = ['The app crashes with an error every time I open it, this is awful.'];

  it('variant B applies each model its own settings and names scores "score"', async () => {
    const res = await server.call('POST', '/v2/models/inference', {
      body: {
        texts,
        model_settings: [
          { model_id: 1, max_predictions: 2 },
          { model_id: 2, label_filter: ['negative', 'positive'] },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [topics, feelings] = res.body.results;
    expect(topics).toMatchObject({ model_id: 1, model_name: 'Support topics' });
    expect(topics.predictions[0]).toHaveLength(2);
    expect(topics.predictions[0][0]).toEqual({ label: 'technical_issue', score: expect.any(Number) });
    expect(feelings.predictions[0].map((p: { label: string }) => p.label).sort()).toEqual(['negative', 'positive']);
    expect(feelings.predictions[0][0].label).toBe('negative');
  });

  it('variant A keys results by model id and reports processing time', async () => {
    const res = await server.call('POST', '/v2/multi-model/inference', {
      body: { texts, model_ids: [1, 2], max_predictions: 1 },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.results).sort()).toEqual(['1', '2']);
    expect(res.body.results['1'].predictions[0]).toEqual([
      { label: 'technical_issue', confidence: expect.any(Number) },
    ]);
    expect(Number.isInteger(res.body.processing_time_ms)).toBe(true);
  });
});

describe('similarity', () => {
  it('ranks the paraphrase first, scores in [0, 1], capped at top_n', async () => {
    const res = await server.call('POST', '/v2/similarity', {
      body: {
        base_texts: {
          refund: 'I want my money back for this order',
          password: 'How do I reset my password?',
          weather: 'It is sunny and warm today',
        },
        compare_to_texts: {
          q1: 'Please refund the payment for my purchase',
          q2: 'I cannot remember my login password',
        },
        top_n: 2,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.q1).toHaveLength(2);
    expect(res.body.q1[0].id).toBe('refund');
    expect(res.body.q2[0].id).toBe('password');
    for (const match of [...res.body.q1, ...res.body.q2]) {
      expect(match.similarity).toBeGreaterThanOrEqual(0);
      expect(match.similarity).toBeLessThanOrEqual(1);
    }
  });

  it('scores identical texts 1 and refuses more than 200 texts', async () => {
    const same = await server.call('POST', '/v2/similarity', {
      body: { base_texts: { a: 'Where is my parcel?' }, compare_to_texts: { b: 'Where is my parcel?' } },
    });
    expect(same.body.b[0].similarity).toBeCloseTo(1, 5);
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`t${i}`, `text ${i}`]));
    const res = await server.call('POST', '/v2/similarity', {
      body: { base_texts: many, compare_to_texts: { ...many } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETER');
  });
});

describe('transport', () => {
  it('sets X-Request-Id (echoing a safe client id) and the rate-limit headers on every /v2 response', async () => {
    const res = await server.call('GET', '/v2/models', { headers: { 'X-Request-Id': 'client-abc.123' } });
    expect(res.headers.get('x-request-id')).toBe('client-abc.123');
    expect(res.headers.get('x-ratelimit-limit')).toBe('6000');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(6000);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    const unsafe = await server.call('GET', '/v2/models', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const denied = await server.call('GET', '/v2/models', { key: null });
    expect(denied.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('serves the docs page and the contract', async () => {
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(await docs.text()).toContain('textclass');
    const json = (await (await fetch(`${server.url}/openapi.json`)).json()) as { openapi: string };
    expect(json.openapi).toMatch(/^3\.1\./);
    expect(await (await fetch(`${server.url}/openapi.yaml`)).text()).toMatch(/^openapi: ['"]?3\.1/m);
  });
});
