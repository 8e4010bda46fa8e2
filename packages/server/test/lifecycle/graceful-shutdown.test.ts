// SIGTERM: the server stops accepting, finishes the request in flight, closes the database and exits 0.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../src/testing/server-process.js';

describe('graceful shutdown', () => {
  it('finishes an in-flight request after SIGTERM, then exits cleanly', async () => {
    const server = await startServerProcess({ env: { LOG_LEVEL: 'info' } });
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({ texts: ['Please refund the double charge on my card'] });
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    const ended = new Promise((resolve) => socket.once('end', resolve));
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST /v2/models/1/inference HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${server.apiKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const exitCode = server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode).toBeNull();
    const refused = await fetch(`${server.url}/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
    socket.write(body.slice(half));
    await ended;
    expect(response, server.output()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"label":"billing"');
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  }, 120_000);
});
