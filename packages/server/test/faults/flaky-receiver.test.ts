// A receiver that answers 500, hangs past the sender's timeout, resets connections and answers late: every event is processed exactly once.
import { afterAll, describe, expect, it } from 'vitest';
import { startChaosReceiver, type ChaosReceiver } from '../testing/chaos-receiver.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { call, faultEnv, readAll, setupPipeline, until } from './harness.js';

const ROWS = 200;
const SENDER_TIMEOUT_MS = 500;

describe('webhook delivery to a faulty receiver', () => {
  let server: ServerProcess | undefined;
  let receiver: ChaosReceiver | undefined;

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it(
    `delivers each of ${ROWS} records' events until processed, once per webhook-id, signed`,
    { timeout: 120_000 },
    async () => {
      receiver = await startChaosReceiver({
        seed: 'faults-1',
        faultRate: 0.4,
        maxFailures: 4,
        senderTimeoutMs: SENDER_TIMEOUT_MS,
      });
      server = await startServerProcess({ env: faultEnv(SENDER_TIMEOUT_MS) });
      const { secret, key, endpointId } = await setupPipeline(server, receiver.url);
      receiver.secret = secret;

      const rowIds: string[] = [];
      for (let start = 0; start < ROWS; start += 10) {
        const replies = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            call(server!, 'POST', `/v2/datasets/${key}/records`, { text: `row ${start + i}: my invoice is wrong` }),
          ),
        );
        for (const reply of replies) {
          expect(reply.status).toBe(201);
          rowIds.push(reply.body.id);
        }
      }

      await receiver.waitForProcessed(ROWS, 90_000);
      const rowsSeen = [...receiver.processed.values()];
      expect(new Set(rowsSeen).size).toBe(ROWS);
      expect(rowsSeen.sort()).toEqual([...rowIds].sort());
      expect(receiver.stats.invalid).toBe(0);

      // One outbox row per record, and the server logs the outcome it saw: each one succeeded in the end.
      let deliveries: Array<{ webhook_id: string; status: string }> = [];
      await until(
        async () => {
          deliveries = await readAll(server!, `/v2/webhooks/${endpointId}/deliveries`);
          return deliveries.every((d) => d.status === 'succeeded');
        },
        30_000,
        () =>
          `deliveries not yet succeeded: ${JSON.stringify(deliveries.filter((d) => d.status !== 'succeeded').slice(0, 3))}`,
      );
      expect(deliveries).toHaveLength(ROWS);
      expect(new Set(deliveries.map((d) => d.webhook_id))).toEqual(new Set(receiver.processed.keys()));

      // Every fault happened, and each hang (processed, acknowledged too late) came back as a duplicate that was not processed again.
      for (const fault of ['error', 'hang', 'reset', 'late'] as const) expect(receiver.stats[fault]).toBeGreaterThan(0);
      expect(receiver.stats.duplicates).toBeGreaterThanOrEqual(receiver.stats.hang);
    },
  );
});
