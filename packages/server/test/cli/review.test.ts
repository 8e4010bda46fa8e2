// `textclass models review`: the queue of a model, least confident first, and an answer, with the CLI against a real server process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { TEXTCLASS_PIPELINE_POLL_MS: '50' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function textclass(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env, TEXTCLASS_URL: server.url, TEXTCLASS_API_KEY: TEST_API_KEY };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MAIN, ...args], { env });
    return { stdout: stdout.trim(), stderr };
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr || String(error), { cause: error });
  }
}

async function api(method: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_API_KEY}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

describe('textclass models review', () => {
  it('lists the queue least confident first, answers a record, and the record leaves the queue', async () => {
    const model = await api('POST', '/v2/models', {
      name: 'cli review',
      type: 'fine-tuned',
      labels: [{ name: 'billing' }, { name: 'shipping' }],
      confidence_threshold: 1,
    });
    await api('POST', `/v2/models/${model.id}/examples`, {
      examples: [
        { text: 'a second charge on my card', label: 'billing' },
        { text: 'the invoice total is wrong', label: 'billing' },
        { text: 'where is my parcel', label: 'shipping' },
        { text: 'the courier never came', label: 'shipping' },
      ],
    });
    await textclass('models', 'train', String(model.id), '--follow', '--deploy');
    const dataset = await api('POST', '/v2/datasets', {
      name: 'cli stream',
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: [model.id],
    });
    const texts = ['I was billed twice', 'my parcel is lost', 'hello there'];
    await api('POST', `/v2/dataset/${dataset.id}/item`, { rows: texts.map((text) => ({ text })) });

    let listed: { stdout: string; stderr: string } = { stdout: '', stderr: '' };
    for (const deadline = Date.now() + 60_000; !/^3 records need review/.test(listed.stderr);) {
      if (Date.now() > deadline) throw new Error(`the queue never filled: ${listed.stderr}`);
      listed = await textclass('models', 'review', String(model.id));
    }
    const items = listed.stdout.split('\n').map((line) => JSON.parse(line));
    expect(items.map((i) => i.text).sort()).toEqual([...texts].sort());
    const confidences = items.map((i) => i.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b));

    const first = await textclass('models', 'review', String(model.id), '--limit', '1');
    expect(first.stderr).toMatch(/^3 records need review; showing 1–1 \(--offset for more\)/);

    const answer = JSON.parse(
      (await textclass('models', 'review', String(model.id), '--record', items[0].record_id, '--label', 'billing'))
        .stdout,
    );
    expect(answer).toMatchObject({ record_id: items[0].record_id, label: 'billing', created: true });
    const after = await textclass('models', 'review', String(model.id));
    expect(after.stderr).toMatch(/^2 records need review\n$/);

    await expect(textclass('models', 'review', String(model.id), '--record', items[1].record_id)).rejects.toThrow(
      /--record and --label/,
    );
    await expect(
      textclass('models', 'review', String(model.id), '--record', items[1].record_id, '--label', 'refund'),
    ).rejects.toThrow(/label: model \d+ has no label "refund"/);
  }, 180_000);
});
