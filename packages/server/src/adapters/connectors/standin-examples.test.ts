// Each stand-in answers the vendor's documented request examples in the documented shape, and each source reads the documented answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorType } from '../../core/ports/connector-sources.js';
import { freshdeskProtocol, freshdeskTicket } from './freshdesk.js';
import { hubspotProtocol, hubspotTicket } from './hubspot.js';
import { basicAuthorization, type VendorProtocol } from './remote-http.js';
import { servicenowProtocol, servicenowTicket } from './servicenow.js';
import { startFreshdeskStandin } from './testing/freshdesk-standin.js';
import { startHubSpotStandin } from './testing/hubspot-standin.js';
import { startServiceNowStandin } from './testing/servicenow-standin.js';
import { startZendeskStandin } from './testing/zendesk-standin.js';
import { zendeskProtocol, zendeskTicket } from './zendesk.js';

interface Example {
  name: string;
  doc: string;
  request: { method: string; path: string; body?: unknown; badCredentials?: boolean };
  status: number;
  response: unknown;
  /** The remote message the source must read from an error answer. */
  message?: string;
}

/** Paths where `actual` lacks a key the documented `example` has, or holds another JSON type (null matches anything). */
export function shapeMismatches(example: unknown, actual: unknown, path = '$'): string[] {
  if (example === null || actual === null) return [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${path}: a list in the documentation`];
    return example.length > 0 && actual.length > 0 ? shapeMismatches(example[0], actual[0], `${path}[0]`) : [];
  }
  if (typeof example === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: an object in the documentation`];
    return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
      Object.hasOwn(actual as object, key)
        ? shapeMismatches(value, (actual as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}: missing`],
    );
  }
  return typeof example === typeof actual ? [] : [`${path}: ${typeof actual}, documented as ${typeof example}`];
}

const fixture = (vendor: ConnectorType) =>
  (
    JSON.parse(readFileSync(new URL(`./testing/fixtures/${vendor}.json`, import.meta.url), 'utf8')) as {
      examples: Example[];
    }
  ).examples;

interface Vendor {
  type: ConnectorType;
  start: () => Promise<{ baseUrl: string; credentials: Record<string, string>; stop(): Promise<void> }>;
  authorization: (credentials: Record<string, string>) => string;
  protocol: VendorProtocol;
  /** Reads the first documented ticket of the first (listing) example. */
  readTicket: (response: unknown) => { remoteId: string; updatedAt: string; fields: Record<string, unknown> };
  expectTicket: { remoteId: string; updatedAt: string; fields: Record<string, unknown> };
}

const vendors: Vendor[] = [
  {
    type: 'zendesk',
    start: () => startZendeskStandin({ seed: 3, recentSeconds: 0 }),
    authorization: (c) => basicAuthorization(`${c.email}/token`, c.api_token!),
    protocol: zendeskProtocol,
    readTicket: (r) => zendeskTicket((r as { tickets: Parameters<typeof zendeskTicket>[0][] }).tickets[0]!),
    expectTicket: {
      remoteId: '35436',
      updatedAt: '2011-05-05T10:38:52Z',
      fields: {
        subject: 'Help, my printer is on fire!',
        'custom_fields.27642': '745',
        'via.channel': 'web',
        tags: 'enterprise, other_tag',
      },
    },
  },
  {
    type: 'freshdesk',
    start: () => startFreshdeskStandin({ seed: 3 }),
    authorization: (c) => basicAuthorization(c.api_key!, 'X'),
    protocol: freshdeskProtocol,
    readTicket: (r) => freshdeskTicket((r as Parameters<typeof freshdeskTicket>[0][])[0]!),
    expectTicket: {
      remoteId: '20',
      updatedAt: '2015-08-24T11:59:05Z',
      fields: { subject: 'Please help', 'custom_fields.cf_category': null, status: 2 },
    },
  },
  {
    type: 'servicenow',
    start: () => startServiceNowStandin({ seed: 3 }),
    authorization: (c) => basicAuthorization(c.username!, c.password!),
    protocol: servicenowProtocol,
    readTicket: (r) => servicenowTicket((r as { result: Parameters<typeof servicenowTicket>[0][] }).result[0]!),
    expectTicket: {
      remoteId: '9c573169c611228700193229fff72400',
      updatedAt: '2016-12-12T15:19:57.000Z',
      fields: { number: 'INC0000001', short_description: "Can't read email" },
    },
  },
  {
    type: 'hubspot',
    start: () => startHubSpotStandin({ seed: 3 }),
    authorization: (c) => `Bearer ${c.access_token}`,
    protocol: hubspotProtocol,
    readTicket: (r) => hubspotTicket((r as { results: Parameters<typeof hubspotTicket>[0][] }).results[0]!),
    expectTicket: {
      remoteId: '1234',
      updatedAt: '2020-01-03T10:00:00.000Z',
      fields: { subject: 'Login problem', archived: false },
    },
  },
];

for (const vendor of vendors) {
  describe(`${vendor.type} stand-in and source against the documented examples`, () => {
    let standin: Awaited<ReturnType<Vendor['start']>>;
    beforeAll(async () => {
      standin = await vendor.start();
    });
    afterAll(() => standin.stop());

    for (const example of fixture(vendor.type)) {
      it(`${example.name} (${example.doc})`, async () => {
        const { method, path, body, badCredentials } = example.request;
        const res = await fetch(`${standin.baseUrl}${path}`, {
          method,
          headers: {
            authorization: badCredentials
              ? vendor.authorization({
                  email: 'x',
                  api_token: 'x',
                  api_key: 'x',
                  username: 'x',
                  password: 'x',
                  access_token: 'x',
                })
              : vendor.authorization(standin.credentials),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status).toBe(example.status);
        const answer = (await res.json()) as unknown;
        expect(shapeMismatches(example.response, answer)).toEqual([]);
        if (example.message !== undefined)
          expect(vendor.protocol.errorMessage(example.status, example.response, JSON.stringify(example.response))).toBe(
            example.message,
          );
      });
    }

    it('reads the documented ticket as the port wants it', () => {
      const ticket = vendor.readTicket(fixture(vendor.type)[0]!.response);
      expect(ticket).toMatchObject({
        remoteId: vendor.expectTicket.remoteId,
        updatedAt: vendor.expectTicket.updatedAt,
      });
      expect(ticket.fields).toMatchObject(vendor.expectTicket.fields);
    });
  });
}

describe('shape comparison', () => {
  it('finds a missing key and a wrong type, and lets null match anything', () => {
    expect(shapeMismatches({ a: 1, b: { c: 'x' }, d: null }, { a: '1', b: {}, d: 3 })).toEqual([
      '$.a: string, documented as number',
      '$.b.c: missing',
    ]);
  });
});
