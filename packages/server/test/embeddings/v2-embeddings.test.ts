// POST /v2/embeddings end to end: the default encoder's vectors, its USE-lite cut, base64, and every refusal naming its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const embed = (body: unknown, key?: string) => server.call('POST', '/v2/embeddings', { body, key });
const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const fromBase64 = (s: string) => Array.from(new Float32Array(new Uint8Array(Buffer.from(s, 'base64')).buffer));

describe('POST /v2/embeddings', () => {
  it('embeds with the default encoder: unit vectors in order, a translation nearest its English twin', async () => {
    const texts = ['My parcel never arrived.', 'Mein Paket ist nie angekommen.', 'How do I reset my password?'];
    const res = await embed({ texts });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ encoder: 'use-multi-612', dimensions: 612, encoding_format: 'float' });
    expect(res.body.usage.texts).toBe(3);
    expect(res.body.usage.tokens).toBeGreaterThanOrEqual(texts.length);
    const [en, de, other] = res.body.embeddings as number[][];
    for (const v of [en, de, other]) expect(norm(v!)).toBeCloseTo(1, 5);
    expect(dot(en!, de!)).toBeGreaterThan(dot(de!, other!));
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('gives the same float32 values as base64 (little-endian) and as numbers', async () => {
    const texts = ['Refund my double payment, please.'];
    const floats = (await embed({ texts })).body.embeddings[0] as number[];
    const res = await embed({ texts, encoding_format: 'base64' });
    expect(res.status).toBe(200);
    expect(res.body.encoding_format).toBe('base64');
    expect(Buffer.from(res.body.embeddings[0], 'base64').length).toBe(612 * 4);
    expect(fromBase64(res.body.embeddings[0])).toEqual(floats);
  });

  it('cuts use-multi-612 to 512: its USE-lite part, which is the USE-lite encoder on English text', async () => {
    const texts = ['The app crashes when I upload a photo.'];
    const cut = await embed({ texts, dimensions: 512 });
    expect(cut.status).toBe(200);
    expect(cut.body.dimensions).toBe(512);
    const vector = cut.body.embeddings[0] as number[];
    expect(vector).toHaveLength(512);
    expect(norm(vector)).toBeCloseTo(1, 5);
    const useLite = (await embed({ texts, encoder: 'use-lite-en-512-int8' })).body.embeddings[0] as number[];
    expect(dot(vector, useLite)).toBeGreaterThan(0.9999);
    const raw = await embed({ texts, dimensions: 512, normalize: false });
    expect(norm(raw.body.embeddings[0])).toBeCloseTo(Math.sqrt(0.6), 4);
    const full = await embed({ texts, dimensions: 612, normalize: false });
    expect(norm(full.body.embeddings[0])).toBeCloseTo(1, 5);
  });

  it('embeds with a named encoder', async () => {
    const res = await embed({ texts: ['Wo ist mein Paket?'], encoder: 'static-multi-100d' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ encoder: 'static-multi-100d', dimensions: 100 });
    expect(res.body.embeddings[0]).toHaveLength(100);
  });

  it('refuses a cut the encoder does not allow, naming dimensions and the allowed values', async () => {
    const res = await embed({ texts: ['hello'], dimensions: 100 });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('INVALID_PARAMETER');
    expect(res.body.message).toBe(
      'dimensions: encoder "use-multi-612" gives 612-dimensional vectors and can be cut to 512 or 612 only; allowed: 512, 612',
    );
    const static100 = await embed({ texts: ['hello'], encoder: 'static-multi-100d', dimensions: 50 });
    expect(static100.body.message).toMatch(/^dimensions: encoder "static-multi-100d" .* cannot be cut; allowed: 100$/);
  });

  it('answers 404 naming encoder and listing the encoders it has', async () => {
    const res = await embed({ texts: ['hello'], encoder: 'e5-large' });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NOT_FOUND');
    expect(res.body.message).toMatch(/^encoder: no encoder "e5-large" on this server; it has .*use-multi-612/);
  });

  it('refuses bad texts with the contract codes', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{}, 'MISSING_REQUIRED_FIELD', /^texts: this field is required$/],
      [{ texts: 'one' }, 'MISSING_REQUIRED_FIELD', /^texts: /],
      [{ texts: [] }, 'EMPTY_TEXTS', /^texts: /],
      [{ texts: ['  ', ''] }, 'EMPTY_TEXTS', /^texts: at least one non-empty string is required$/],
      [{ texts: Array(201).fill('a') }, 'INVALID_PARAMETER', /^texts: must NOT have more than 200 items$/],
      [{ texts: ['x'.repeat(10_001)] }, 'INVALID_PARAMETER', /^texts\[0\]: /],
      [{ texts: ['a'], encoding_format: 'int8' }, 'INVALID_PARAMETER', /^encoding_format: /],
      [{ texts: ['a'], dimensions: 0 }, 'INVALID_PARAMETER', /^dimensions: /],
      [{ texts: ['a'], model: 'x' }, 'INVALID_PARAMETER', /^model: unknown field$/],
    ];
    for (const [body, code, message] of cases) {
      const res = await embed(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error_code).toBe(code);
      expect(res.body.message).toMatch(message);
    }
  });

  it('needs the member role, and counts each non-empty text against the quota', async () => {
    const reader = await server.createKey(server.workspace, 'reader');
    expect((await embed({ texts: ['a'] }, reader)).body.error_code).toBe('FORBIDDEN');
    const workspace = await server.createWorkspace({ name: 'embed-quota', plan: 'enterprise', monthlyQuota: 3 });
    const key = await server.createKey(workspace, 'member');
    expect((await embed({ texts: ['one', 'two', ''] }, key)).status).toBe(200);
    expect((await server.call('GET', '/v2/usage', { key })).body).toMatchObject({ used: 2, limit: 3 });
    const refused = await embed({ texts: ['three', 'four'] }, key);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('QUOTA_EXCEEDED');
  });
});
