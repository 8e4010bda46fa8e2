// Zero-shot labels with weighted descriptions and example phrases over HTTP on the real server: they change the answer, survive export and import, and bad ones get a 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Labels named by letters only: whatever a model knows of them comes from its phrases. */
const phrased = [
  { name: 'label_a', phrases: [{ text: 'my parcel has not arrived' }, { text: 'where is my delivery', weight: 2 }] },
  { name: 'label_b', phrases: [{ text: 'I forgot my password' }, { text: 'I cannot log in to my account' }] },
];
const texts = ['The courier still has not delivered my package.', 'The login page says my password is wrong.'];

async function deployed(name: string, labels: unknown): Promise<number> {
  const created = await server.call('POST', '/v2/models', { body: { name, type: 'zero-shot', labels } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await server.call('POST', `/v2/models/${created.body.id}/deploy`)).status).toBe(200);
  return created.body.id;
}

async function topLabels(id: number): Promise<string[]> {
  const res = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.predictions.map((p: Array<{ label: string }>) => p[0]!.label);
}

describe('zero-shot phrases and weights', () => {
  it('classify by the phrases when the label names say nothing, and travel with an exported model', async () => {
    const id = await deployed('Phrased', phrased);
    expect(await topLabels(id)).toEqual(['label_a', 'label_b']);

    const exported = await server.call('GET', `/v2/models/${id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.model.labels[0]).toEqual({
      name: 'label_a',
      descriptions: [],
      phrases: [
        { text: 'my parcel has not arrived', weight: 1 },
        { text: 'where is my delivery', weight: 2 },
      ],
    });
    const imported = await server.call('POST', '/v2/models/import?name=Phrased%20again', { body: exported.body });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect((await server.call('POST', `/v2/models/${imported.body.id}/deploy`)).status).toBe(200);
    expect(await topLabels(imported.body.id)).toEqual(['label_a', 'label_b']);
  });

  it('weigh a description: the same texts with a heavier weight on one label move its score up', async () => {
    const labels = (weight: number) => [
      { name: 'label_a', descriptions: ['a package or a delivery', 'a login problem'], description_weights: [1, weight] },
      { name: 'label_b', descriptions: ['a forgotten password'] },
    ];
    const score = async (id: number) => {
      const res = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: [texts[1]] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const scores = res.body.predictions[0] as Array<{ label: string; confidence: number }>;
      return scores.find((p) => p.label === 'label_a')!.confidence;
    };
    const light = await score(await deployed('Light', labels(0.1)));
    const heavy = await score(await deployed('Heavy', labels(10)));
    expect(heavy).toBeGreaterThan(light);
  });

  it('refuse weights that are not one per description, and non-positive weights, naming the field', async () => {
    const bad = async (labels: unknown) =>
      (await server.call('POST', '/v2/models', { body: { name: 'Bad', type: 'zero-shot', labels } })).body;
    const mismatched = await bad([
      { name: 'a', descriptions: ['one', 'two'], description_weights: [1] },
      { name: 'b' },
    ]);
    expect(mismatched.error_code).toBe('INVALID_PARAMETER');
    expect(mismatched.message).toMatch(/^labels\[0\]\.description_weights: 1 weights for 2 descriptions/);
    const zero = await bad([{ name: 'a' }, { name: 'b', phrases: [{ text: 'x', weight: 0 }] }]);
    expect(zero.error_code).toBe('INVALID_PARAMETER');
    expect(zero.message).toMatch(/^labels\[1\]\.phrases\[0\]\.weight: /);
    const empty = await bad([{ name: 'a' }, { name: 'b', phrases: [{ text: '   ' }] }]);
    expect(empty.error_code).toBe('INVALID_PARAMETER');
    expect(empty.message).toMatch(/^labels\[1\]\.phrases\[0\]\.text: a phrase must not be empty/);
  });
});
