// The test kit's children (textclass, redis-server, nginx) when another process already answers on the port picked: each starts on another port and never talks to the stranger.
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx, type Nginx } from '../../src/testing/nginx.js';
import { redisSkipReason, startRedisServer, type RedisServer } from '../../src/testing/redis-server.js';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A server that answers every HTTP request with 200 and `body`, as a server of another test file can; its hits. */
async function httpStranger(body: string): Promise<{ port: number; hits: string[] }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, hits };
}

describe('the test kit on a port another server holds', () => {
  it('startServerProcess ignores the stranger answering /health there and returns its own server on another port', async () => {
    const stranger = await httpStranger('{"status":"ok","data":[]}');
    const server: ServerProcess = await startServerProcess({
      port: stranger.port,
      env: { TEXTCLASS_SEED_DEMO: 'false' },
    });
    closers.push(() => server.stop());

    expect(new URL(server.url).port).not.toBe(String(stranger.port));
    expect(server.output()).toContain(`textclass is ready at http://127.0.0.1:${new URL(server.url).port}`);
    const models = await fetch(`${server.url}/v2/models`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: unknown[] }).data).toEqual([]);
    expect(stranger.hits).toEqual([]);
  }, 120_000);

  it.skipIf(redisSkipReason() !== undefined)(
    'startRedisServer ignores a stranger answering PONG there',
    async () => {
      let connections = 0;
      const stranger: TcpServer = createTcpServer((socket) => {
        connections += 1;
        socket.on('data', () => socket.write('+PONG\r\n'));
      });
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      closers.push(() => new Promise<void>((resolve) => stranger.close(() => resolve())));
      const taken = (stranger.address() as AddressInfo).port;

      const redis: RedisServer = await startRedisServer({ port: taken });
      closers.push(() => redis.stop());

      expect(redis.port).not.toBe(taken);
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
      expect(connections).toBe(0);
      // The kit's own server: a restart keeps its port and comes back.
      await redis.stop();
      await redis.start();
      expect(connections).toBe(0);
    },
    60_000,
  );

  it.skipIf(nginxBinary() === undefined)(
    'startNginx ignores the stranger and proxies to its upstream on another port',
    async () => {
      const stranger = await httpStranger('{"from":"stranger"}');
      const upstream = await httpStranger('{"from":"upstream"}');

      const nginx: Nginx = await startNginx([`127.0.0.1:${upstream.port}`], { port: stranger.port });
      closers.push(() => nginx.stop());

      expect(new URL(nginx.url).port).not.toBe(String(stranger.port));
      const health = await fetch(`${nginx.url}/health`);
      expect(await health.json()).toEqual({ from: 'upstream' });
      expect(stranger.hits).toEqual([]);
      expect(upstream.hits).toContain('/health');
    },
    60_000,
  );
});
