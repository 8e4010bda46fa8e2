// The committed changes to workspaces, API keys and models that the database's triggers announce (migration 0008), for the caches of this process.

/** The channel the triggers notify on update and delete: payload "schema table id", or "schema table *" for a TRUNCATE. */
export const CHANGES_CHANNEL = 'textclass_changes';

export type ChangedTable = 'workspaces' | 'api_keys' | 'models';

export interface RowChange {
  table: ChangedTable;
  /** The row's id; undefined when every row of the table may have changed. */
  id: number | undefined;
}

export interface ChangeSubscriber {
  /** A committed change to a row. */
  changed(change: RowChange): void;
  /** The feed stopped listening: changes may be missed until it is live again. */
  lost(): void;
}

export interface ChangeFeed {
  /** True while every committed change reaches the subscribers; caches must not serve while it is false. */
  readonly live: boolean;
  subscribe(subscriber: ChangeSubscriber): () => void;
  /** Stops listening for good (the feed is then never live again). */
  close(): Promise<void>;
}

const TABLES: ReadonlySet<string> = new Set<ChangedTable>(['workspaces', 'api_keys', 'models']);

/** The change a notification's payload names, or undefined when it is about another schema or not understood. */
export function parseChange(payload: string, schema: string): RowChange | undefined {
  const [inSchema, table, id, extra] = payload.split(' ');
  if (extra !== undefined || inSchema !== schema || table === undefined || !TABLES.has(table)) return undefined;
  if (id === '*') return { table: table as ChangedTable, id: undefined };
  return id !== undefined && /^[0-9]{1,15}$/.test(id) ? { table: table as ChangedTable, id: Number(id) } : undefined;
}

/** Keeps the subscribers and the live flag; the listeners (PostgreSQL, PGlite) feed it. */
export class ChangeFanout implements ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();
  private isLive = false;

  constructor(private readonly stop: () => Promise<void> = async () => undefined) {}

  get live(): boolean {
    return this.isLive;
  }

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Hands a notification's payload to the subscribers (ignored while not live: nothing is cached then). */
  notify(payload: string, schema: string): void {
    const change = parseChange(payload, schema);
    if (change === undefined || !this.isLive) return;
    for (const subscriber of this.subscribers) subscriber.changed(change);
  }

  /** Listening again: changes from now on reach the subscribers. */
  resumed(): void {
    this.isLive = true;
  }

  /** Listening stopped: the subscribers drop what they cached and stop serving from memory. */
  lost(): void {
    const wasLive = this.isLive;
    this.isLive = false;
    if (wasLive) for (const subscriber of this.subscribers) subscriber.lost();
  }

  async close(): Promise<void> {
    this.lost();
    await this.stop();
  }
}
