// A TCP relay on 127.0.0.1 in front of a real server (PostgreSQL), that a test can cut and restore like an outage.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpRelay {
  port: number;
  /** Closes the listener and drops every relayed connection: the target looks unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Stops forwarding on the connections open now without closing them, as a silent network partition does. */
  stall(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(targetHost: string, targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    const listening = createServer((client) => {
      const upstream = createConnection({ host: targetHost, port: targetPort });
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      client.once('close', () => {
        pairs.delete(pair);
        upstream.destroy();
      });
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
    port = (listening.address() as { port: number }).port;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  const stall = () => {
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    pairs.clear();
  };
  return {
    port,
    cut,
    restore: listen,
    stall,
    close: cut,
  };
}
