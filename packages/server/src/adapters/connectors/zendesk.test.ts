// The Zendesk source against its local stand-in: the shared contract, plus Zendesk's own cursor and request forms.
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectorSources } from './index.js';
import { describeSourceAgainstStandin, drain } from './testing/source-contract.js';
import { startZendeskStandin, zendeskRateLimited, type ZendeskStandin } from './testing/zendesk-standin.js';

const isListing = (r: { url: URL }) => r.url.pathname === '/api/v2/incremental/tickets/cursor.json';

describeSourceAgainstStandin({
  type: 'zendesk',
  async start(seed, options) {
    const standin = await startZendeskStandin({ ...options, seed, recentSeconds: 0 });
    return {
      ...standin,
      edit: (id) => standin.editTicket(Number(id), `edited ${id}`),
    };
  },
  rateLimited: zendeskRateLimited,
  serverError: { kind: 'status', status: 500, body: { error: 'InternalError', description: 'Something went wrong' } },
  isListing,
  authMessage: /Couldn't authenticate you/,
  writeModes: ['tags', 'note', 'field'],
  field: '360001',
});

describe('zendesk source: request forms', () => {
  let standin: ZendeskStandin;
  afterEach(() => standin.stop());

  it('starts from start_time (Unix seconds of `since`), then follows after_cursor; tickets flattened with custom fields', async () => {
    standin = await startZendeskStandin({ seed: 12, recentSeconds: 0 });
    const source = createConnectorSources({ allowPrivateAddresses: true, pageSize: 5 })({
      type: 'zendesk',
      baseUrl: standin.baseUrl,
      credentials: standin.credentials,
    });
    const since = new Date('2026-01-01T00:04:00Z');
    const first = await source.fetchPage(null, since);
    const asked = standin.server.requests.map((r) => r.url.search);
    expect(asked[0]).toBe(`?start_time=${since.getTime() / 1000}&per_page=5`);
    expect(first.tickets.map((t) => t.remoteId)).toEqual(['4', '5', '6', '7', '8']);
    expect(first.tickets[0]!.fields).toMatchObject({
      subject: 'Ticket 4',
      status: 'open',
      'via.channel': 'email',
      'custom_fields.360001': null,
    });
    const rest = await drain(source, first.cursor);
    expect(standin.server.requests[1]!.url.searchParams.get('cursor')).toBe(
      (JSON.parse(first.cursor) as { cursor: string }).cursor,
    );
    expect(rest.tickets.map((t) => t.remoteId)).toEqual(['9', '10', '11', '12']);
    // The stored cursor is Zendesk's after_cursor: a later poll starts after the last ticket, even when a page was empty.
    const later = await source.fetchPage(rest.cursors.at(-1)!, null);
    expect(later).toMatchObject({ tickets: [], done: true });
  });

  it('holds back tickets changed within the last minute, as the export does', async () => {
    standin = await startZendeskStandin({ seed: 3 });
    const source = createConnectorSources({ allowPrivateAddresses: true })({
      type: 'zendesk',
      baseUrl: standin.baseUrl,
      credentials: standin.credentials,
    });
    const { tickets, cursors } = await drain(source, null);
    expect(tickets.length).toBe(3);
    standin.editTicket(2, 'just now');
    expect((await source.fetchPage(cursors.at(-1)!, null)).tickets).toEqual([]);
    // A first sync from "now" asks from a minute ago, which the export accepts.
    expect((await source.fetchPage(null, new Date())).tickets).toEqual([]);
  });
});
