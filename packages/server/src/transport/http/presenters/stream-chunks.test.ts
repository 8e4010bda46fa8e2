// streamChunks over a real socket: an endless source is read only as the client takes it, and stops when it leaves.
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { streamChunks } from './stream-chunks.js';

const CHUNK = 'x'.repeat(64 * 1024);
let server: Server | undefined;
afterEach(() => server?.close());

describe('streamChunks', () => {
  it('sends the first bytes of a source that never ends, reads it no further than the client takes, and closes it when the client leaves', async () => {
    let produced = 0;
    let closed!: () => void;
    const sourceClosed = new Promise<void>((resolve) => (closed = resolve));
    async function* endless(): AsyncGenerator<string> {
      try {
        for (;;) {
          produced += 1;
          yield CHUNK;
        }
      } finally {
        closed();
      }
    }
    server = createServer((_req, res) => void streamChunks(res as unknown as Response, endless()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.once('data', (data: Buffer) => {
          resolve(data.length);
          req.destroy();
        });
      });
      req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
    });
    expect(firstBytes).toBeGreaterThan(0);
    await sourceClosed;
    // Whatever the socket buffers held when the client left: megabytes at most, never the endless whole.
    expect(produced * CHUNK.length).toBeLessThan(64 * 1024 * 1024);
  });
});
