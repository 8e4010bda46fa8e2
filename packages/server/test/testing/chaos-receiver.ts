// A webhook receiver for fault tests: verifies signatures, dedupes on webhook-id and, from a seed, answers 500, hangs, resets or answers late.
import { verifyWebhook } from '@textclass/client';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'ok' | 'error' | 'hang' | 'reset' | 'late';

export interface ChaosOptions {
  /** Seed of the fault plan; the fault of an attempt is a function of (seed, row_id, attempt number). */
  seed: string;
  /** Chance of a fault per attempt (split evenly over error, hang, reset, late); 0: always ok. */
  faultRate: number;
  /** After this many failing attempts (error, hang, reset) of one event, it is answered ok. */
  maxFailures: number;
  /** The sender's timeout: `hang` holds the answer twice this long, `late` answers within a third of it. */
  senderTimeoutMs: number;
}

export interface ChaosReceiver {
  url: string;
  /** Set once the endpoint is created (its `whsec_` secret). */
  secret: string;
  /** Processed events: webhook-id → row_id (each processed once). */
  processed: Map<string, string>;
  /** Attempts per fault, deliveries of an id already processed, requests that failed verification. */
  stats: Record<Fault, number> & { duplicates: number; invalid: number };
  /** Requests received and not yet answered (or cut): deliveries in flight. */
  inFlight(): number;
  /** Resolves once `count` distinct webhook-ids are processed; fails after `deadlineMs` (a bound, never a speed check). */
  waitForProcessed(count: number, deadlineMs: number): Promise<void>;
  close(): Promise<void>;
}

const FAULTS: Fault[] = ['error', 'hang', 'reset', 'late'];

/** A uniform number in [0, 1) from the seed and the parts: the same attempt always gets the same fault. */
function draw(...parts: string[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

export async function startChaosReceiver(options: ChaosOptions): Promise<ChaosReceiver> {
  const processed = new Map<string, string>();
  const attempts = new Map<string, number>();
  const failures = new Map<string, number>();
  const stats = { ok: 0, error: 0, hang: 0, reset: 0, late: 0, duplicates: 0, invalid: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    timers.add(t);
  };
  let open = 0;
  const receiver: ChaosReceiver = {
    url: '',
    secret: '',
    processed,
    stats,
    inFlight: () => open,
    waitForProcessed,
    close,
  };

  const planFor = (rowId: string): Fault => {
    const attempt = (attempts.get(rowId) ?? 0) + 1;
    attempts.set(rowId, attempt);
    if ((failures.get(rowId) ?? 0) >= options.maxFailures) return 'ok';
    if (draw(options.seed, rowId, String(attempt), 'fault?') >= options.faultRate) return 'ok';
    const fault = FAULTS[Math.floor(draw(options.seed, rowId, String(attempt), 'which') * FAULTS.length)]!;
    if (fault !== 'late') failures.set(rowId, (failures.get(rowId) ?? 0) + 1);
    return fault;
  };

  /** Processes an event once per webhook-id; a repeat is only acknowledged. */
  const processOnce = (id: string, rowId: string) => {
    if (processed.has(id)) stats.duplicates += 1;
    else processed.set(id, rowId);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    let event: { row_id: string };
    try {
      event = verifyWebhook(receiver.secret, req.headers as Record<string, string>, body);
    } catch {
      stats.invalid += 1;
      res.writeHead(401).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    const fault = processed.has(id) ? 'ok' : planFor(event.row_id);
    stats[fault] += 1;
    if (fault === 'error') res.writeHead(500).end();
    else if (fault === 'reset') req.socket.destroy();
    else if (fault === 'ok') {
      processOnce(id, event.row_id);
      res.writeHead(200).end();
    } else if (fault === 'late')
      later(options.senderTimeoutMs / 3, () => {
        processOnce(id, event.row_id);
        res.writeHead(200).end();
      });
    // Processed, but acknowledged after the sender gave up: the sender retries the same webhook-id.
    else {
      processOnce(id, event.row_id);
      later(options.senderTimeoutMs * 2, () => {
        if (!res.destroyed) res.writeHead(200).end();
      });
    }
  };

  const server = createServer((req, res) => {
    open += 1;
    res.once('close', () => {
      open -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  async function waitForProcessed(count: number, deadlineMs: number): Promise<void> {
    const deadline = Date.now() + deadlineMs;
    while (processed.size < count) {
      if (Date.now() > deadline)
        throw new Error(`processed ${processed.size} of ${count} events (stats ${JSON.stringify(stats)})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function close(): Promise<void> {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return receiver;
}
