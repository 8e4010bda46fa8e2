// The records list's server-side filters (predicted label by model or any, needs-review, a creation window) against the
// unfiltered list, paginated; a malformed filter is a 400 naming it. On PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';

const TEXTS = [
  'I was charged twice for my subscription',
  'The parcel never arrived',
  'I cannot log in to my account',
  'Thanks, everything works great',
  'Refund the double payment please',
  'The delivery is two weeks late',
  'Password reset mail never comes',
];

let server: TestServer;
let key = '';
let all: any[] = [];

const list = async (query: string) => {
  const res = await server.call('GET', `/v2/datasets/${key}/records?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ids = (records: any[]) => records.map((r) => r.id);

beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
  // Model 2's cut-off of 1 flags every record it classifies; model 1 keeps its own.
  expect((await server.call('PATCH', '/v2/models/2', { body: { confidence_threshold: 1 } })).status).toBe(200);
  const created = await server.call('POST', '/v2/datasets', {
    body: { name: 'filters', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [1, 2] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  key = created.body.key;
  // A few milliseconds apart, so an instant between two records' created_at (shown to the millisecond) parts them.
  for (const text of TEXTS) {
    expect((await server.call('POST', `/v2/datasets/${key}/records`, { body: { text } })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    all = (await list('limit=100')).data;
    if (all.every((r) => r.classifications?.['1'] && r.classifications?.['2'])) break;
    if (Date.now() > deadline) throw new Error('records were not classified in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('records list filters', () => {
  it('keeps the records whose top label is the one asked, of one model or of any, counted in total', async () => {
    const label = all[0].classifications['1'].label as string;
    const byModel = all.filter((r) => r.classifications['1'].label === label);
    const filtered = await list(`label=${encodeURIComponent(label)}&model_id=1&limit=100`);
    expect(ids(filtered.data)).toEqual(ids(byModel));
    expect(filtered.total).toBe(byModel.length);

    const sentiment = all[0].classifications['2'].label as string;
    const byAny = all.filter((r) => Object.values<any>(r.classifications).some((c) => c.label === sentiment));
    expect(ids((await list(`label=${encodeURIComponent(sentiment)}&limit=100`)).data)).toEqual(ids(byAny));
    expect((await list(`label=${encodeURIComponent(sentiment)}&model_id=1`)).total).toBe(
      all.filter((r) => r.classifications['1'].label === sentiment).length,
    );
    expect((await list('label=no-such-label')).total).toBe(0);
  });

  it('keeps the records that need review (by one model or any) or those that do not, a page at a time', async () => {
    const flagged = await list('needs_review=true&model_id=2&limit=100');
    expect(ids(flagged.data)).toEqual(ids(all));
    const byOne = all.filter((r) => r.needs_review.includes('1'));
    expect(ids((await list('needs_review=true&model_id=1&limit=100')).data)).toEqual(ids(byOne));
    expect(ids((await list('needs_review=false&model_id=1&limit=100')).data)).toEqual(
      ids(all.filter((r) => !r.needs_review.includes('1'))),
    );
    expect((await list('needs_review=false')).total).toBe(0);
    const page = await list('needs_review=true&limit=3&offset=3');
    expect(page).toMatchObject({ total: all.length, offset: 3, limit: 3, has_more: true });
    expect(ids(page.data)).toEqual(ids(all.slice(3, 6)));
  });

  it('keeps the records stored in a window (created_after, created_before or both)', async () => {
    /** The instant halfway between record `at - 1` and record `at`. */
    const before = (at: number) =>
      encodeURIComponent(
        new Date((Date.parse(all[at - 1].created_at) + Date.parse(all[at].created_at)) / 2).toISOString(),
      );
    expect(ids((await list(`created_after=${before(2)}&limit=100`)).data)).toEqual(ids(all.slice(2)));
    expect(ids((await list(`created_before=${before(2)}&limit=100`)).data)).toEqual(ids(all.slice(0, 2)));
    expect(ids((await list(`created_after=${before(2)}&created_before=${before(4)}`)).data)).toEqual(
      ids(all.slice(2, 4)),
    );
    expect((await list('created_after=2999-01-01T00:00:00Z')).total).toBe(0);
  });

  it('answers 400 naming the parameter for a malformed filter', async () => {
    for (const [query, name] of [
      ['needs_review=yes', 'needs_review'],
      ['created_after=yesterday', 'created_after'],
      ['created_before=2026-13-01', 'created_before'],
      ['model_id=0', 'model_id'],
      ['model_id=abc', 'model_id'],
      ['label=', 'label'],
    ]) {
      const res = await server.call('GET', `/v2/datasets/${key}/records?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error_code, query).toBe('INVALID_PARAMETER');
      expect(res.body.message, query).toContain(name);
    }
  });
});
