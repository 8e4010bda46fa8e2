// A poisoned row on the built server: items and an upload each holding a text the encoder fails on; every other row is classified and delivered, the poisoned records show failed_models, /metrics counts them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyWebhook } from '@textclass/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { writeSyntheticEncoder } from '../../src/testing/synthetic-encoder.js';
import { scrape } from '../testing/prometheus-text.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { call, faultEnv, readAll, setupPipeline, until } from './harness.js';

/** In the tokenizer, past the end of the model's embedding table: onnxruntime fails on every batch that holds it. */
const POISON = 'zyxwv';
const UPLOAD_ROWS = 300;
const UNEXPECTED = "an unexpected error occurred; the server's log has the details under this record's id";

interface RecordBody {
  id: string;
  values: { text: string };
  classifications: Record<string, { label: string; confidence: number }> | null;
  failed_models?: Record<string, string>;
}

const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgresql'] : [])];

describe.each(backends)('a poisoned row on the built server on %s', (backend) => {
  const modelsDir = mkdtempSync(path.join(tmpdir(), 'textclass-poison-'));
  let server: ServerProcess | undefined;
  let receiver: WebhookReceiver | undefined;
  let scratch: ScratchDatabase | undefined;

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await scratch?.drop();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it(
    'classifies and delivers every other row of its items call and of its upload; the poisoned records show why',
    { timeout: 180_000 },
    async () => {
      // A real transformer export whose tokenizer knows one word more than its embedding table holds: the demo models
      // are built on it, and onnxruntime rejects any batch with that word ("indices element out of data bounds").
      await writeSyntheticEncoder({
        dir: path.join(modelsDir, 'encoders', 'mismatched-bert'),
        size: 'tiny',
        wordsWithoutEmbedding: [POISON],
      });
      receiver = await startWebhookReceiver();
      scratch =
        backend === 'postgresql' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'poison') : undefined;
      server = await startServerProcess({
        env: {
          ...faultEnv(5_000),
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
          TEXTCLASS_MODELS_DIR: modelsDir,
          TEXTCLASS_DEFAULT_ENCODER: 'mismatched-bert',
        },
      });
      const before = await scrape(server.url);
      const { secret, key, id, endpointId } = await setupPipeline(server, receiver.url);

      const items = Array.from({ length: 8 }, (_, i) => ({
        text: i === 5 ? `the ${POISON} button does nothing` : `ticket ${i}: my invoice is wrong`,
      }));
      expect((await call(server, 'POST', `/v2/dataset/${id}/item`, { rows: items })).status).toBe(200);
      const csv = [
        'text',
        ...Array.from({ length: UPLOAD_ROWS }, (_, i) =>
          i === 150 ? `row ${i} mentions ${POISON} once` : `row ${i}: please reset my password`,
        ),
      ].join('\n');
      const uploaded = await fetch(`${server.url}/v2/datasets/${key}/uploads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'text/csv' },
        body: csv,
      });
      expect(uploaded.status).toBe(202);
      const upload = (await uploaded.json()) as { id: string };

      const good = 8 - 1 + UPLOAD_ROWS - 1;
      await until(
        () => receiver!.received.length >= good,
        90_000,
        () => `${receiver!.received.length} of ${good} webhooks arrived`,
      );
      let records: RecordBody[] = [];
      await until(
        async () => {
          records = await readAll<RecordBody>(server!, `/v2/datasets/${key}/records`);
          return records.length === 8 + UPLOAD_ROWS && records.every((r) => r.classifications !== null);
        },
        30_000,
        () => `${records.filter((r) => r.classifications === null).length} records not classified`,
      );
      expect((await call(server, 'GET', `/v2/datasets/${key}/uploads/${upload.id}`)).body.status).toBe('completed');

      const poisoned = records.filter((r) => r.values.text.includes(POISON));
      expect(poisoned).toHaveLength(2);
      for (const record of poisoned) {
        expect(record.classifications).toEqual({});
        expect(record.failed_models).toEqual({
          '1': `model 1 could not classify the record: ${UNEXPECTED}`,
          '2': `model 2 could not classify the record: ${UNEXPECTED}`,
        });
      }
      const healthy = records.filter((r) => !r.values.text.includes(POISON));
      for (const record of healthy) {
        expect(Object.keys(record.classifications ?? {}).sort()).toEqual(['1', '2']);
        expect(record.failed_models).toEqual({});
      }

      // One signed event per healthy row, none for a poisoned one: nothing classified it.
      const events = receiver.received.map(
        (hook) => verifyWebhook(secret, hook.headers as Record<string, string>, hook.body) as { row_id: string },
      );
      expect(events.map((e) => e.row_id).sort()).toEqual(healthy.map((r) => r.id).sort());
      const deliveries = await readAll<{ status: string }>(server, `/v2/webhooks/${endpointId}/deliveries`);
      expect(deliveries).toHaveLength(good);

      // Each (record, model) failure counted once; no classification job retried or left behind.
      const after = await scrape(server.url);
      const delta = (name: string, labels?: Record<string, string>) =>
        after.value(name, labels) - before.value(name, labels);
      expect(delta('textclass_record_failures_total')).toBe(4);
      expect(delta('textclass_jobs_processed_total', { kind: 'classification', outcome: 'retried' })).toBe(0);
      expect(after.value('textclass_jobs_pending', { kind: 'classification' })).toBe(0);
      expect(server.output()).toContain('a model failed on a dataset record alone');
    },
  );
});
