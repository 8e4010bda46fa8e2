// The Freshdesk source against its local stand-in: the shared contract, plus Freshdesk's request forms and tag merging.
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectorSources } from './index.js';
import { freshdeskRateLimited, startFreshdeskStandin, type FreshdeskStandin } from './testing/freshdesk-standin.js';
import { describeSourceAgainstStandin, drain } from './testing/source-contract.js';

const isListing = (r: { method: string; url: URL }) => r.method === 'GET' && r.url.pathname === '/api/v2/tickets';

describeSourceAgainstStandin({
  type: 'freshdesk',
  async start(seed, options) {
    const standin = await startFreshdeskStandin({ ...options, seed });
    return { ...standin, edit: (id) => standin.editTicket(Number(id), `edited ${id}`) };
  },
  rateLimited: freshdeskRateLimited,
  serverError: { kind: 'status', status: 500, body: { code: 'internal_error', message: 'We are facing some issues' } },
  isListing,
  authMessage: /You have to be logged in/,
  writeModes: ['tags', 'note', 'field'],
  field: 'cf_category',
});

describe('freshdesk source: request forms', () => {
  let standin: FreshdeskStandin;
  afterEach(() => standin.stop());
  const sourceOf = (s: FreshdeskStandin, pageSize = 5) =>
    createConnectorSources({ allowPrivateAddresses: true, pageSize })({
      type: 'freshdesk',
      baseUrl: s.baseUrl,
      credentials: s.credentials,
    });

  it('asks by updated_since in update order, first page, and moves the watermark forward each page', async () => {
    standin = await startFreshdeskStandin({ seed: 12 });
    const { tickets } = await drain(sourceOf(standin), null);
    expect(tickets.map((t) => t.remoteId)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    const asked = standin.server.requests.map((r) => Object.fromEntries(r.url.searchParams));
    expect(asked[0]).toEqual({
      updated_since: '1970-01-01T00:00:00Z',
      order_by: 'updated_at',
      order_type: 'asc',
      per_page: '5',
      page: '1',
      include: 'description',
    });
    // Tickets 4 and 5 share a second: the next page starts at that second and drops the one already taken.
    expect(asked[1]).toMatchObject({ updated_since: '2026-01-01T00:04:00Z', page: '1' });
    expect(tickets[0]!.fields).toMatchObject({ subject: 'Ticket 1', 'custom_fields.cf_category': null, status: 2 });
  });

  it('pages within one second when more than a page of tickets share it', async () => {
    standin = await startFreshdeskStandin({ seed: 0 });
    for (let id = 1; id <= 13; id += 1)
      standin.tickets.set(id, {
        id,
        subject: `Bulk ${id}`,
        description_text: 'bulk update',
        status: 2,
        priority: 1,
        tags: [],
        custom_fields: {},
        created_at: '2026-02-01T00:00:00Z',
        updated_at: '2026-02-01T00:00:00Z',
        conversations: [],
      });
    const { tickets } = await drain(sourceOf(standin), null);
    expect(tickets.map((t) => t.remoteId).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 13 }, (_, i) => String(i + 1)),
    );
  });

  it('offset paging alone would lose the ticket that shifts back when one is edited (why the watermark moves)', async () => {
    standin = await startFreshdeskStandin({ seed: 10 });
    const auth = `Basic ${Buffer.from(`${standin.credentials.api_key}:X`).toString('base64')}`;
    const page = async (n: number) => {
      const res = await fetch(
        `${standin.baseUrl}/api/v2/tickets?updated_since=1970-01-01T00:00:00Z&order_by=updated_at&order_type=asc&per_page=5&page=${n}`,
        { headers: { authorization: auth } },
      );
      return ((await res.json()) as { id: number }[]).map((t) => t.id);
    };
    const first = await page(1);
    standin.editTicket(first[0]!, 'edited');
    const second = await page(2);
    // Ticket 6 moved onto page 1, which was already read.
    expect(new Set([...first, ...second]).has(6)).toBe(false);
  });

  it("merges the tags it writes with the ticket's own (PUT replaces the list)", async () => {
    standin = await startFreshdeskStandin({ seed: 2 });
    const source = sourceOf(standin);
    await source.writeBack({ remoteId: '2', labels: ['Billing'], modelName: 'triage', mode: 'tags', marker: 'm1' });
    expect(standin.tickets.get(2)!.tags).toEqual(['vip', 'billing', expect.stringMatching(/^textclass_[0-9a-f]{16}$/)]);
  });

  it('refuses a field that is not a cf_ name before calling', async () => {
    standin = await startFreshdeskStandin({ seed: 1 });
    await expect(
      sourceOf(standin).writeBack({
        remoteId: '1',
        labels: ['x'],
        modelName: 'm',
        mode: 'field',
        field: 'status',
        marker: 'm',
      }),
    ).rejects.toMatchObject({ kind: 'rejected' });
    expect(standin.server.requests.length).toBe(0);
  });
});
