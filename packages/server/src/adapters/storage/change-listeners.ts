// Listens for the change notifications on PostgreSQL over a connection of its own, re-listening after a loss (PGlite's: pglite-changes.ts).
import pg from 'pg';
import { CHANGES_CHANNEL, ChangeFanout, type ChangeFeed } from './change-feed.js';
import type { StorageLogger } from './storage-logger.js';

export interface PostgresChangeListenerOptions {
  /** Where to listen: the database's URL (a direct connection or a session-pooling proxy; LISTEN needs a session). */
  url: string;
  /** The schema holding the tables: notifications about another schema's tables are ignored. */
  schema: string;
  logger?: StorageLogger;
  /** Wait before connecting again after a loss: doubles from the first to the second figure. */
  retryMs?: readonly [number, number];
  /** How often the connection is checked; a check unanswered for this long counts as a loss. */
  checkMs?: number;
}

const DEFAULT_RETRY_MS = [100, 5_000] as const;
const DEFAULT_CHECK_MS = 5_000;

class PostgresChangeListener {
  readonly feed = new ChangeFanout(() => this.stop());
  private client: pg.Client | undefined;
  private closed = false;
  private retryDelay: number;
  private timer: NodeJS.Timeout | undefined;
  private lostOnce = false;

  constructor(private readonly options: PostgresChangeListenerOptions) {
    this.retryDelay = (options.retryMs ?? DEFAULT_RETRY_MS)[0];
  }

  /** One attempt to connect and LISTEN; on failure the next attempt is scheduled. */
  async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    this.client = client;
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      this.dropped(client, error);
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (!dropped && message.channel === CHANGES_CHANNEL && message.payload !== undefined)
        this.feed.notify(message.payload, this.options.schema);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (dropped || this.closed) return;
    this.retryDelay = (this.options.retryMs ?? DEFAULT_RETRY_MS)[0];
    this.feed.resumed();
    if (this.lostOnce) this.options.logger?.info({}, 'change listener listening again; read caches back on');
    this.scheduleCheck(client, drop);
  }

  private scheduleCheck(client: pg.Client, drop: (error?: unknown) => void): void {
    const checkMs = this.options.checkMs ?? DEFAULT_CHECK_MS;
    this.timer = setTimeout(() => {
      const unanswered = setTimeout(() => drop(new Error(`no answer within ${checkMs} ms`)), checkMs);
      client.query('select 1').then(
        () => {
          clearTimeout(unanswered);
          if (this.client === client && !this.closed) this.scheduleCheck(client, drop);
        },
        (error: unknown) => {
          clearTimeout(unanswered);
          drop(error);
        },
      );
    }, checkMs);
    this.timer.unref();
  }

  private dropped(client: pg.Client, error: unknown): void {
    this.feed.lost();
    if (this.client === client) this.client = undefined;
    clearTimeout(this.timer);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.lostOnce = true;
    this.options.logger?.warn(
      { err: error, retry_ms: this.retryDelay },
      'change listener lost; read caches bypassed until it listens again',
    );
    this.timer = setTimeout(() => void this.connect(), this.retryDelay);
    this.timer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, (this.options.retryMs ?? DEFAULT_RETRY_MS)[1]);
  }

  private async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Connects once now (not live if that fails: it keeps trying in the background); close() stops it. */
export async function listenOnPostgres(options: PostgresChangeListenerOptions): Promise<ChangeFeed> {
  const listener = new PostgresChangeListener(options);
  await listener.connect();
  return listener.feed;
}
