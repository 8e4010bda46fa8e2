// The security headers set from a list built once: the same headers, values and order as helmet on a real Express server.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, describe, expect, it } from 'vitest';
import { recordHelmetHeaders, securityHeaders } from './security-headers.js';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

/** The raw header lines (name and value, in the order sent) an Express app with this middleware answers with. */
async function headersOf(middleware: RequestHandler): Promise<string[]> {
  const app = express(); // x-powered-by left on: helmet removes it
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return [...res.headers].filter(([name]) => name !== 'date').map(([name, value]) => `${name}: ${value}`);
}

const OPTIONS: Array<Readonly<HelmetOptions>> = [
  { strictTransportSecurity: false },
  { strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true } },
  { contentSecurityPolicy: { directives: { 'default-src': ["'none'"] } }, xFrameOptions: { action: 'deny' } },
];

describe('security headers', () => {
  it.each(OPTIONS)('answers with exactly the headers helmet sends (%j)', async (options) => {
    const ours = await headersOf(securityHeaders(options));
    expect(ours).toEqual(await headersOf(helmet(options)));
    expect(ours.some((line) => line.startsWith('x-powered-by'))).toBe(false);
    expect(
      ours.filter((line) => /^(content-security-policy|x-frame-options|x-content-type-options):/u.test(line)),
    ).toHaveLength(3);
  });

  it('records helmet headers in its order and the X-Powered-By removal', () => {
    const { set, removed } = recordHelmetHeaders({ strictTransportSecurity: false });
    expect(set[0]?.[0]).toBe('Content-Security-Policy');
    expect(set.map(([name]) => name)).toContain('X-Frame-Options');
    expect(set.map(([name]) => name)).not.toContain('Strict-Transport-Security');
    expect(removed).toEqual(['X-Powered-By']);
  });

  it('refuses options whose headers depend on the request (a CSP nonce function)', () => {
    const nonce = (req: unknown) => `'nonce-${String((req as { id: string }).id)}'`;
    expect(() => recordHelmetHeaders({ contentSecurityPolicy: { directives: { 'script-src': [nonce] } } })).toThrow(
      /request/,
    );
  });
});
