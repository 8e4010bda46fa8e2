// Starts Prism on the bundled contract and checks it serves the documented examples and refuses bad requests.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from './free-port.js';
import { bundledJsonPath, bundledSpecPath } from './paths.js';
import { startMock, type MockServer } from './start-mock.js';
import { requestExample, responseExample } from './testing/documented-example.js';

const doc = JSON.parse(readFileSync(bundledJsonPath(), 'utf8')) as Record<string, unknown>;
const auth = { Authorization: 'Bearer tc_mock_key' };
const jsonHeaders = { ...auth, 'Content-Type': 'application/json' };

describe('the bundled contract', () => {
  it('has no jsonSchemaDialect (Prism 5.14 would silently skip body validation)', () => {
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(readFileSync(bundledSpecPath(), 'utf8')).not.toMatch(/^jsonSchemaDialect:/m);
  });
});

describe('startMock', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMock({ port: await freePort() });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('serves the documented example for GET /v2/models', async () => {
    const response = await fetch(`${mock.url}/v2/models`, { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(responseExample(doc, '/v2/models', 'get', '200'));
  });

  it('answers POST /v2/models/1/inference as the documented example, one prediction array per text it was sent', async () => {
    const request = requestExample(doc, '/v2/models/{model_id}/inference', 'post') as { texts: string[] };
    const documented = responseExample(doc, '/v2/models/{model_id}/inference', 'post', '200') as {
      predictions: Array<Array<{ label: string; confidence: number }>>;
    };
    const ask = (texts: string[], extra: object = {}) =>
      fetch(`${mock.url}/v2/models/1/inference`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ texts, ...extra }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as typeof documented }));
    const answer = await ask(request.texts);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(documented).sort());
    expect(answer.body.predictions).toHaveLength(request.texts.length);
    const labels = documented.predictions[0]!.map((p) => p.label).sort();
    for (const row of answer.body.predictions) {
      expect(row.map((p) => p.label).sort()).toEqual(labels);
      expect(row.reduce((sum, p) => sum + p.confidence, 0)).toBeCloseTo(1, 3);
      expect(row.map((p) => p.confidence)).toEqual([...row.map((p) => p.confidence)].sort((a, b) => b - a));
    }
    // The same text gets the same answer; five texts get five arrays, each cut to max_predictions.
    expect((await ask(request.texts)).body).toEqual(answer.body);
    const five = await ask(['a', 'b', 'c', 'd', 'e'], { max_predictions: 2 });
    expect(five.body.predictions.map((row) => row.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('rejects texts sent as a number with the contract error object naming the field', async () => {
    const response = await fetch(`${mock.url}/v2/models/1/inference`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ texts: 42 }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      status: 400,
      message: 'texts: must be an array of strings',
      error_code: 'MISSING_REQUIRED_FIELD',
      request_id: response.headers.get('x-request-id'),
    });
  });

  it("answers malformed JSON with the contract 400, not Prism's own shape", async () => {
    const response = await fetch(`${mock.url}/v2/similarity`, { method: 'POST', headers: jsonHeaders, body: '{"base' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      message: 'body: the request body is not valid JSON',
      error_code: 'MALFORMED_JSON',
    });
  });

  it('answers 401 without an Authorization header', async () => {
    const response = await fetch(`${mock.url}/v2/models`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(responseExample(doc, '/v2/models', 'get', '401'));
  });

  it('stops: the port no longer answers', async () => {
    const other = await startMock({ port: await freePort() });
    await other.stop();
    await other.exited;
    await expect(fetch(`${other.url}/v2/models`, { headers: auth })).rejects.toThrow();
  });
});

/** Writes a spec file into a directory of its own, removed when the test finishes. */
function specFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'textclass-mock-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const specPath = join(dir, name);
  writeFileSync(specPath, content);
  return specPath;
}

describe('startMock failures', () => {
  it('explains a missing bundle', async () => {
    await expect(startMock({ specPath: '/nonexistent/openapi.yaml' })).rejects.toThrow(/npm run generate/);
  });

  it('refuses a port where another server already answers', async () => {
    const port = await freePort();
    const squatter = createServer((_, res) => res.end('not prism')).listen(port, '127.0.0.1');
    await once(squatter, 'listening');
    try {
      await expect(startMock({ port })).rejects.toThrow(/already answers/);
    } finally {
      squatter.close();
    }
  });

  it('refuses a document with jsonSchemaDialect', async () => {
    const specPath = specFile(
      'dialect.yaml',
      'openapi: 3.1.0\njsonSchemaDialect: https://spec.openapis.org/oas/3.1/dialect/base\n',
    );
    await expect(startMock({ specPath })).rejects.toThrow(/jsonSchemaDialect/);
  });

  it('reports Prism exiting on a broken document, with its output', async () => {
    const specPath = specFile('broken.yaml', 'openapi: [this is not\n');
    await expect(startMock({ specPath, port: await freePort() })).rejects.toThrow(/prism exited/);
  });
});
