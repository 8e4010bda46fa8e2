// The training data audit on the real built server and its real encoder: 10 planted label flips among ~150 support messages rank in the top 20, a duplicate with another label is found; over HTTP and `textclass models audit`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { labelledSet } from './support.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { TEXTCLASS_PIPELINE_POLL_MS: '50', TEXTCLASS_SEED_DEMO: 'false' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const intents = labelledSet('support-intents');
const LABELS = [...new Set(intents.map((r) => r.label))];
/** Every English message and the first three German ones of each intent: 152 examples. */
const clean = [
  ...intents.filter((r) => r.lang === 'en'),
  ...LABELS.flatMap((label) => intents.filter((r) => r.lang === 'de' && r.label === label).slice(0, 3)),
].map(({ text, label }) => ({ text, label }));
/** Ten examples spread over the set, each moved to the next intent. */
const planted = new Set(Array.from({ length: 10 }, (_, k) => clean[k * 15 + 4]!.text));
const examples = [
  ...clean.map((e) =>
    planted.has(e.text) ? { text: e.text, label: LABELS[(LABELS.indexOf(e.label) + 1) % LABELS.length]! } : e,
  ),
  // The same message as an English example, spelled differently, under another label.
  {
    text: clean[0]!.text.toUpperCase().replace(/[.!?]*$/, ' !!'),
    label: LABELS[(LABELS.indexOf(clean[0]!.label) + 3) % LABELS.length]!,
  },
];

describe('training data audit', () => {
  let modelId: number;

  it('ranks planted label errors at the top and finds the conflicting duplicate', async () => {
    const created = await call('POST', '/v2/models', {
      name: 'Audited intents',
      type: 'fine-tuned',
      labels: LABELS.map((name) => ({ name })),
      examples,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    modelId = created.body.id;
    const job = await call('POST', `/v2/models/${modelId}/training-jobs`, {});
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const state = await call('GET', `/v2/models/${modelId}/training-jobs/${job.body.id}`);
      if (state.body.status === 'succeeded') break;
      if (state.body.status === 'failed' || Date.now() > deadline) throw new Error(JSON.stringify(state.body));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const audit = await call('GET', `/v2/models/${modelId}/versions/1/audit?limit=20`);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body).toMatchObject({ model_id: modelId, version: 1, examples: examples.length, folds: 5 });
    const flagged = audit.body.suspects.map((s: { text: string }) => s.text);
    expect(flagged.length).toBeLessThanOrEqual(20);
    const caught = [...planted].filter((t) => flagged.includes(t));
    expect(caught.length, `caught ${caught.length} of 10; flagged: ${flagged.join(' | ')}`).toBeGreaterThanOrEqual(8);
    expect(audit.body.conflicts[0]).toMatchObject({ exact: true, similarity: 1 });
    expect(audit.body.conflicts[0].examples.map((e: { text: string }) => e.text)).toContain(clean[0]!.text);
    expect(audit.body.confusions.length).toBeGreaterThan(0);
    for (const pair of audit.body.confusions) expect(pair.examples.length).toBeGreaterThan(0);
  }, 180_000);

  it('answers the same through `textclass models audit`, and 404 / 400 for a missing version or too few examples', async () => {
    const env = { ...process.env, TEXTCLASS_URL: server.url, TEXTCLASS_API_KEY: TEST_API_KEY };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [MAIN, 'models', 'audit', String(modelId), '--limit', '5'],
      { env },
    );
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ model_id: modelId, version: 1, examples: examples.length });
    expect(printed.suspects).toHaveLength(5);

    expect((await call('GET', `/v2/models/${modelId}/versions/9/audit`)).status).toBe(404);
    const zeroShot = await call('POST', '/v2/models', {
      name: 'No examples',
      type: 'zero-shot',
      labels: [{ name: 'a' }, { name: 'b' }],
    });
    const refused = await call('GET', `/v2/models/${zeroShot.body.id}/versions/1/audit`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'INVALID_PARAMETER' });
    expect(refused.body.message).toMatch(/^model_id: /);
    const badLimit = await call('GET', `/v2/models/${modelId}/versions/1/audit?limit=0`);
    expect(badLimit.status).toBe(400);
  }, 60_000);
});
