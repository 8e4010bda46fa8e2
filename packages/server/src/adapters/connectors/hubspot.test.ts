// The HubSpot source against its local stand-in: the shared contract, plus the search body, the cap and the property write.
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectorSources } from './index.js';
import { HUBSPOT_TICKET_PROPERTIES } from './hubspot.js';
import { hubspotRateLimited, startHubSpotStandin, type HubSpotStandin } from './testing/hubspot-standin.js';
import { describeSourceAgainstStandin, drain } from './testing/source-contract.js';

const isListing = (r: { method: string; url: URL }) =>
  r.method === 'POST' && r.url.pathname === '/crm/v3/objects/tickets/search';

describeSourceAgainstStandin({
  type: 'hubspot',
  async start(seed, options) {
    const standin = await startHubSpotStandin({ ...options, seed });
    return { ...standin, edit: (id) => standin.editTicket(id, `edited ${id}`) };
  },
  rateLimited: hubspotRateLimited,
  serverError: {
    kind: 'status',
    status: 502,
    body: { status: 'error', message: 'Bad gateway', correlationId: '0', category: 'INTERNAL_ERROR' },
  },
  isListing,
  authMessage: /expired.*\(EXPIRED_AUTHENTICATION\)/,
  writeModes: ['field'],
  field: 'textclass_label',
});

describe('hubspot source: request forms', () => {
  let standin: HubSpotStandin;
  afterEach(() => standin.stop());
  const sourceOf = (s: HubSpotStandin, pageSize = 5) =>
    createConnectorSources({ allowPrivateAddresses: true, pageSize })({
      type: 'hubspot',
      baseUrl: s.baseUrl,
      credentials: s.credentials,
    });

  it('searches hs_lastmodifieddate GTE the watermark, ascending, and moves the filter forward instead of paging', async () => {
    standin = await startHubSpotStandin({ seed: 12 });
    const { tickets } = await drain(sourceOf(standin), null);
    expect(tickets.length).toBe(12);
    const bodies = standin.server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies[0]).toEqual({
      filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'GTE', value: '0' }] }],
      sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' }],
      properties: HUBSPOT_TICKET_PROPERTIES,
      limit: 5,
    });
    expect(bodies.every((b) => b.after === undefined)).toBe(true);
    expect(bodies[1]).toMatchObject({
      filterGroups: [{ filters: [{ value: String(Date.parse('2026-01-01T00:04:00.000Z')) }] }],
    });
    expect(tickets[0]).toMatchObject({ remoteId: '5001', updatedAt: '2026-01-01T00:01:00.000Z' });
    expect(tickets[0]!.fields).toMatchObject({ subject: 'Ticket 1', hs_ticket_priority: 'MEDIUM', archived: false });
  });

  it('asks the search for the properties the field mapping names, plus the ones it pages by', async () => {
    standin = await startHubSpotStandin({ seed: 3 });
    const source = createConnectorSources({ allowPrivateAddresses: true, pageSize: 5 })({
      type: 'hubspot',
      baseUrl: standin.baseUrl,
      credentials: standin.credentials,
      fields: ['content', 'textclass_label', 'archived'],
    });
    const { tickets } = await drain(source, null);
    expect((standin.server.requests[0]!.body as { properties: string[] }).properties).toEqual([
      'content',
      'textclass_label',
      'hs_lastmodifieddate',
      'hs_object_id',
    ]);
    // A property outside the usual ticket list comes back because the mapping named it; unnamed ones do not.
    expect(Object.keys(tickets[0]!.fields)).toContain('textclass_label');
    expect(Object.keys(tickets[0]!.fields)).not.toContain('hs_pipeline');
    expect(tickets[0]!.fields).toMatchObject({ content: expect.stringContaining('Seeded ticket 1') });
  });

  it("reports a rejected property with HubSpot's validation message", async () => {
    standin = await startHubSpotStandin({ seed: 1 });
    const error = await sourceOf(standin)
      .writeBack({
        remoteId: '5001',
        labels: ['x'],
        modelName: 'm',
        mode: 'field',
        field: 'no_such_property',
        marker: 'm',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect((error as Error).message).toMatch(/PROPERTY_DOESNT_EXIST.*VALIDATION_ERROR/);
  });
});
