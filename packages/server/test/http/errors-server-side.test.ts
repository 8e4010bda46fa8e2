// The two server-side rows of the errors table: 500 INTERNAL_ERROR without internals, 503 UNAVAILABLE while loading.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/transport/http/pipeline/express-app.js';
import { TextClassifier } from '../../src/core/classification/classify-texts.js';
import { ModelRunners } from '../../src/core/classification/model-runners.js';
import { QuotaService } from '../../src/core/tenancy/quota.js';
import { SimilarityService } from '../../src/core/classification/similarity.js';
import { createLogger } from '../../src/adapters/observability/logger.js';
import { DeferredEncoderProvider } from '../../src/app/compose/readiness.js';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('server-side failures', () => {
  it('an unexpected failure → 500 INTERNAL_ERROR with no internals in the message, and the server keeps serving', async () => {
    const { models } = server.running.runtime.repos;
    const original = models.list.bind(models);
    models.list = async () => {
      throw new Error('connection to db at 10.1.2.3 failed: password=hunter2 (storage/repositories/models.ts:42)');
    };
    try {
      const res = await server.call('GET', '/v2/models');
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        status: 500,
        error_code: 'INTERNAL_ERROR',
        request_id: res.headers.get('x-request-id'),
      });
      expect(res.body.message).not.toMatch(/hunter2|10\.1\.2\.3|models\.ts|Error:/);
    } finally {
      models.list = original;
    }
    expect((await server.call('GET', '/v2/models')).status).toBe(200);
  });

  it('encoders still loading → 503 UNAVAILABLE with Retry-After, and /health says 503', async () => {
    const services = server.running.runtime.services;
    const loading = new DeferredEncoderProvider('static-en-100d');
    const app = createApp(
      {
        ...services,
        encoders: loading,
        classifier: new TextClassifier(
          server.running.runtime.repos.models,
          loading,
          new ModelRunners(loading),
          new QuotaService(server.running.runtime.repos.usage),
          server.running.runtime.languages,
        ),
        similarity: new SimilarityService(loading),
      },
      { logger: createLogger('silent'), bodyLimitBytes: 1024 * 1024, validateResponses: true },
    );
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((r) => listener.once('listening', r));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'loading' });
      const res = await fetch(`${url}/v2/models/1/inference`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ texts: ['hello'] }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ status: 503, error_code: 'UNAVAILABLE' });
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });
});
