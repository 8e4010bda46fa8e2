// Black box: the server with TEXTCLASS_DEFAULT_ENCODER pointing at the tiny synthetic transformer (tokenise → ONNX → pool → head → HTTP).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config/load-config.js';
import { writeSyntheticEncoder } from '../../src/testing/synthetic-encoder.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

const modelsDir = mkdtempSync(path.join(tmpdir(), 'textclass-models-'));
let server: TestServer;

beforeAll(async () => {
  await writeSyntheticEncoder({ dir: path.join(modelsDir, 'encoders', 'tiny-bert'), size: 'tiny' });
  server = await startTestServer({ modelsDir, defaultEncoder: 'tiny-bert' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

describe('TEXTCLASS_DEFAULT_ENCODER', () => {
  it('is read from the environment', () => {
    expect(loadConfig({ TEXTCLASS_DEFAULT_ENCODER: 'tiny-bert' }).defaultEncoder).toBe('tiny-bert');
    expect(loadConfig({}).defaultEncoder).toBeUndefined();
  });
});

describe('a server whose default encoder is a transformer export', () => {
  it('answers similarity with scores in [0, 1] and 1 for identical texts', async () => {
    const res = await server.call('POST', '/v2/similarity', {
      body: {
        base_texts: { refund: 'I want my money back for this order', password: 'How do I reset my password?' },
        compare_to_texts: { same: 'How do I reset my password?', other: 'Please refund the payment' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.same[0]).toEqual({ id: 'password', similarity: expect.closeTo(1, 4) });
    for (const match of [...res.body.same, ...res.body.other]) {
      expect(match.similarity).toBeGreaterThanOrEqual(0);
      expect(match.similarity).toBeLessThanOrEqual(1);
    }
  });

  it('runs the seeded zero-shot demo models (built on it) over a short and a 10,000-character text', async () => {
    const long = 'The customer called about a double charge, then asked for a refund. '.repeat(150).slice(0, 10_000);
    const res = await server.call('POST', '/v2/models/1/inference', { body: { texts: ['Where is my parcel?', long] } });
    expect(res.status).toBe(200);
    expect(res.body.predictions).toHaveLength(2);
    for (const row of res.body.predictions) {
      const confidences = row.map((p: { confidence: number }) => p.confidence);
      expect(confidences.every((c: number) => c >= 0 && c <= 1)).toBe(true);
      expect(confidences.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 4);
    }
    const sentiment = await server.call('POST', '/v2/models/2/inference', { body: { texts: ['I love it'] } });
    expect(sentiment.status).toBe(200);
  });
});
