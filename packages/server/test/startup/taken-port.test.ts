// The test kit's server start when another process already answers on the port it picked: it starts its own on another port, never talks to the stranger.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

describe('startServerProcess on a port another server holds', () => {
  let stranger: Server | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (stranger ? stranger.close(() => resolve()) : resolve()));
  });

  it('ignores the stranger answering /health there and returns its own server on another port', async () => {
    // A stranger answering every request as a healthy textclass would, as a server of another test file can.
    const strangerHits: string[] = [];
    stranger = createServer((req, res) => {
      strangerHits.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok","data":[]}');
    });
    await new Promise<void>((resolve) => stranger!.listen(0, '127.0.0.1', resolve));
    const taken = (stranger.address() as AddressInfo).port;

    server = await startServerProcess({ port: taken, env: { TEXTCLASS_SEED_DEMO: 'false' } });

    expect(new URL(server.url).port).not.toBe(String(taken));
    expect(server.output()).toContain(`textclass is ready at http://127.0.0.1:${new URL(server.url).port}`);
    const models = await fetch(`${server.url}/v2/models`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: unknown[] }).data).toEqual([]);
    expect(strangerHits).toEqual([]);
  }, 120_000);
});
