// The ServiceNow source against its local stand-in: the shared contract, plus the Table API's query, fields and work notes.
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectorSources } from './index.js';
import { describeSourceAgainstStandin, drain } from './testing/source-contract.js';
import { servicenowRateLimited, startServiceNowStandin, type ServiceNowStandin } from './testing/servicenow-standin.js';

const isListing = (r: { method: string; url: URL }) =>
  r.method === 'GET' && r.url.pathname === '/api/now/table/incident';

describeSourceAgainstStandin({
  type: 'servicenow',
  async start(seed, options) {
    const standin = await startServiceNowStandin({ ...options, seed });
    return { ...standin, edit: (id) => standin.editIncident(id, `edited ${id}`) };
  },
  rateLimited: servicenowRateLimited,
  serverError: {
    kind: 'status',
    status: 500,
    body: { error: { message: 'Internal server error', detail: 'Transaction cancelled' }, status: 'failure' },
  },
  isListing,
  authMessage: /User Not Authenticated: Required to provide Auth information/,
  writeModes: ['field', 'note'],
  field: 'u_category',
});

describe('servicenow source: request forms', () => {
  let standin: ServiceNowStandin;
  afterEach(() => standin.stop());
  const sourceOf = (s: ServiceNowStandin, pageSize = 5) =>
    createConnectorSources({ allowPrivateAddresses: true, pageSize })({
      type: 'servicenow',
      baseUrl: s.baseUrl,
      credentials: s.credentials,
    });

  it('queries sys_updated_on>= in update order with sysparm_limit/offset, and maps times to ISO 8601', async () => {
    standin = await startServiceNowStandin({ seed: 7 });
    const since = new Date('2026-01-01T00:03:00Z');
    const { tickets } = await drain(sourceOf(standin), null);
    expect(tickets.length).toBe(7);
    const first = Object.fromEntries(standin.server.requests[0]!.url.searchParams);
    expect(first).toEqual({
      sysparm_query: 'sys_updated_on>=1970-01-01 00:00:00^ORDERBYsys_updated_on^ORDERBYsys_id',
      sysparm_limit: '5',
      sysparm_offset: '0',
      sysparm_display_value: 'false',
      sysparm_exclude_reference_link: 'true',
    });
    expect(tickets[0]).toMatchObject({ updatedAt: '2026-01-01T00:01:00.000Z' });
    expect(tickets[0]!.fields).toMatchObject({ number: 'INC0010001', short_description: 'Incident 1' });
    const later = await sourceOf(standin).fetchPage(null, since);
    // Incidents 4 and 5 share an update second: sys_id orders them.
    expect(later.tickets.map((t) => t.fields.number).sort()).toEqual([
      'INC0010003',
      'INC0010004',
      'INC0010005',
      'INC0010006',
      'INC0010007',
    ]);
  });

  it('writes a work note as a journal entry once, and refuses a field the instance ignores', async () => {
    standin = await startServiceNowStandin({ seed: 2 });
    const [id] = [...standin.incidents.keys()];
    const source = sourceOf(standin);
    const note = { remoteId: id!, labels: ['network'], modelName: 'triage', mode: 'note' as const, marker: 'm' };
    expect(await source.writeBack(note)).toBe('written');
    expect(await source.writeBack(note)).toBe('already_present');
    expect(standin.journal.map((j) => j.value)).toEqual([expect.stringContaining('textclass (triage): network')]);
    await expect(source.writeBack({ ...note, mode: 'field', field: 'u_no_such_field' })).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(source.writeBack({ ...note, mode: 'tags' })).rejects.toMatchObject({ kind: 'rejected' });
  });
});
