// The remote client and base URLs: the address guard where the connection is made, Retry-After forms, pauses, subdomains.
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConnectorBaseUrl, connectorBaseUrl, createConnectorSources } from './index.js';
import { createRemoteHttp, parseRetryAfter } from './remote-http.js';
import { startStandinServer, type StandinServer } from './testing/standin-server.js';

describe('connector remote client', () => {
  let server: StandinServer;
  let remaining = 1;
  beforeAll(async () => {
    server = await startStandinServer(() => ({
      status: 200,
      headers: { 'x-left': String(remaining--) },
      body: { ok: true },
    }));
  });
  afterAll(() => server.stop());
  const plain = { errorMessage: () => null };

  it('re-checks the address where it connects: a name that resolves public, then loopback, is refused', async () => {
    const port = new URL(server.baseUrl).port;
    const answers: string[] = [];
    // DNS rebinding: the base URL check sees TEST-NET-1 (never routed), the connection would see 127.0.0.1.
    const rebinding: LookupFunction = (_host, options, callback) => {
      const address = answers.length === 0 ? '192.0.2.1' : '127.0.0.1';
      answers.push(address);
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const api = createRemoteHttp(`http://helpdesk.example.test:${port}`, 'Bearer secret-token', plain, {
      allowPrivateAddresses: false,
      lookup: rebinding,
    });
    const before = server.requests.length;
    const error = await api.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: null });
    expect((error as Error).message).toMatch(/non-public address/);
    expect((error as Error).message).not.toContain('secret-token');
    expect(server.requests.length).toBe(before);
  });

  it('pauses before the next call when a successful answer says the budget is spent', async () => {
    remaining = 0;
    const api = createRemoteHttp(
      server.baseUrl,
      'Bearer t',
      { errorMessage: () => null, pauseAfterSuccessSeconds: (h) => (h['x-left'] === '0' ? 0.5 : null) },
      { allowPrivateAddresses: true },
    );
    await api.request({ method: 'GET', path: '/a' });
    const started = Date.now();
    await api.request({ method: 'GET', path: '/b' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('names the missing credential field, never a value', () => {
    const factory = createConnectorSources({ allowPrivateAddresses: true });
    expect(() => factory({ type: 'zendesk', baseUrl: server.baseUrl, credentials: { email: 'a@b.c' } })).toThrow(
      /credential field "api_token"/,
    );
  });
});

describe('connector base URLs', () => {
  it('turns a bare subdomain into the hosted address and keeps full URLs', () => {
    expect(connectorBaseUrl('zendesk', 'acme')).toBe('https://acme.zendesk.com');
    expect(connectorBaseUrl('freshdesk', 'Acme')).toBe('https://acme.freshdesk.com');
    expect(connectorBaseUrl('servicenow', 'acme')).toBe('https://acme.service-now.com');
    expect(connectorBaseUrl('hubspot', '')).toBe('https://api.hubapi.com');
    expect(connectorBaseUrl('zendesk', 'https://support.acme.com/')).toBe('https://support.acme.com');
  });

  it('refuses loopback, private and credential-carrying URLs with a connector hint', async () => {
    expect(await checkConnectorBaseUrl('http://127.0.0.1:8080', false)).toMatch(
      /loopback or link-local address \(the operator has not allowed private addresses for connectors\)$/,
    );
    expect(await checkConnectorBaseUrl('http://10.1.2.3', false)).toMatch(/private/);
    expect(await checkConnectorBaseUrl('https://user:pw@acme.zendesk.com', false)).toBe('must not carry credentials');
    expect(await checkConnectorBaseUrl('ftp://acme.zendesk.com', false)).toBe('must use http or https');
    expect(await checkConnectorBaseUrl('http://127.0.0.1:8080', true)).toBeNull();
  });
});
