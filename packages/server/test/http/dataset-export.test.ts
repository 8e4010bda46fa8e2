// GET /v2/datasets/{id}/export end to end: thousands of records, every row checked in CSV and JSON Lines, escaping and the formula guard.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';

const ROWS = 3000;
let server: TestServer;
let bigKey: string;

/** Texts that need quoting, a formula guard, or neither. */
function textOf(i: number): string {
  switch (i % 6) {
    case 0:
      return `=SUM(A${i}:A${i + 1})`;
    case 1:
      return `charged twice, "again" (${i})`;
    case 2:
      return `two\nlines ${i}\r\nthree`;
    case 3:
      return `-${i} is not a number here`;
    case 4:
      return `@mention +${i}`;
    default:
      return `Grüße ${i} ✓`;
  }
}
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

async function listAll(key: string): Promise<any[]> {
  const all = [];
  for (let offset = 0; ; offset += 100) {
    const page = await server.call('GET', `/v2/datasets/${key}/records?offset=${offset}&limit=100`);
    all.push(...page.body.data);
    if (!page.body.has_more) return all;
  }
}

const exportOf = (key: string, query = '', headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v2/datasets/${key}/export${query}`, {
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, ...headers },
  });

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.call('POST', '/v2/datasets', {
    body: {
      name: 'export',
      columns: [
        { name: 'body', type: 'text' },
        { name: 'score', type: 'number' },
        { name: 'agent', type: 'text' },
      ],
      text_column: 'body',
    },
  });
  bigKey = created.body.key;
  const lines = Array.from({ length: ROWS }, (_, i) =>
    JSON.stringify({ body: textOf(i), score: i % 4 === 0 ? null : (i - 1500) / 8, agent: `agent_${i % 7}` }),
  );
  const res = await fetch(`${server.url}/v2/datasets/${bigKey}/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'Content-Type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  const upload = (await res.json()) as { id: string };
  for (;;) {
    const state = await server.call('GET', `/v2/datasets/${bigKey}/uploads/${upload.id}`);
    if (state.body.status !== 'processing') {
      expect(state.body.status).toBe('completed');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('exporting a dataset', () => {
  it('exports every record as CSV: header, quoting, the formula guard, numbers and nulls, oldest first', async () => {
    const res = await exportOf(bigKey, '?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${bigKey}-records.csv"`);
    const text = await res.text();
    const rows = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]).toEqual(['record_id', 'created_at', 'body', 'score', 'agent', 'metadata']);
    const records = await listAll(bigKey);
    expect(records).toHaveLength(ROWS);
    expect(rows.slice(1)).toHaveLength(ROWS);
    rows.slice(1).forEach((row, i) => {
      const record = records[i];
      expect(row).toEqual([
        record.id,
        record.created_at,
        guarded(textOf(i)),
        record.values.score === null ? '' : String(record.values.score),
        `agent_${i % 7}`,
        '{}',
      ]);
    });
  });

  it('exports every record as JSON Lines, each line as listDatasetRecords shows it (format=jsonl or Accept)', async () => {
    const records = await listAll(bigKey);
    for (const res of [
      await exportOf(bigKey, '?format=jsonl', { Accept: 'text/csv' }),
      await exportOf(bigKey, '', { Accept: 'application/x-ndjson' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${bigKey}-records.jsonl"`);
      const text = await res.text();
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.slice(0, -1).split('\n');
      expect(lines).toHaveLength(ROWS);
      lines.forEach((line, i) => expect(JSON.parse(line)).toEqual(records[i]));
      expect(records.map((r) => r.values.body)).toEqual(Array.from({ length: ROWS }, (_, i) => textOf(i)));
    }
    // Without format or a known Accept: CSV.
    expect((await exportOf(bigKey, '', { Accept: 'application/json' })).headers.get('content-type')).toBe(
      'text/csv; charset=utf-8',
    );
  });

  it('adds each model’s label, confidence and review flag once classified', async () => {
    const created = await server.call('POST', '/v2/datasets', {
      body: { name: 'classified', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [1] },
    });
    const key = created.body.key as string;
    await server.call('POST', `/v2/datasets/${key}/records`, { body: { text: 'I was charged twice', queue: 'emea' } });
    await server.call('POST', `/v2/datasets/${key}/records`, { body: { text: 'My parcel never arrived' } });
    let records: any[] = [];
    while (records.length < 2 || records.some((r) => r.classifications === null)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      records = await listAll(key);
    }
    const rows = parse(await (await exportOf(key)).text(), { record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]).toEqual([
      'record_id',
      'created_at',
      'text',
      'metadata',
      'model_1_label',
      'model_1_confidence',
      'model_1_needs_review',
    ]);
    expect(rows.slice(1)).toEqual(
      records.map((r) => [
        r.id,
        r.created_at,
        r.values.text,
        JSON.stringify(r.metadata),
        r.classifications['1'].label,
        String(r.classifications['1'].confidence),
        String(r.needs_review.includes('1')),
      ]),
    );
    expect(rows[1]![3]).toBe('{"queue":"emea"}');
  });

  it('answers errors before the first byte: unknown dataset 404, bad format 400, a reader may export', async () => {
    expect((await exportOf('ds_999999')).status).toBe(404);
    const bad = await exportOf(bigKey, '?format=xml');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('format');
    const reader = await server.createKey(server.workspace, 'reader');
    const res = await fetch(`${server.url}/v2/datasets/${bigKey}/export?format=jsonl`, {
      headers: { Authorization: `Bearer ${reader}` },
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it('keeps serving after a client leaves mid-export', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/v2/datasets/${bigKey}/export`, {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    expect((await reader.read()).value!.length).toBeGreaterThan(0);
    controller.abort();
    const next = await exportOf(bigKey, '?format=jsonl');
    expect((await next.text()).split('\n')).toHaveLength(ROWS + 1);
  });
});
