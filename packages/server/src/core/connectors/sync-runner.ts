// The sync runner: leases a due connector, pulls its pages (each page's records and cursor committed together, then classified by the normal pipeline), and writes labels back through the outbox once classified.
import {
  RemoteSystemError,
  type ConnectorSource,
  type ConnectorSourceFactory,
  type WriteOutcome,
} from '../ports/connector-sources.js';
import type {
  Connector,
  ConnectorEvents,
  ConnectorRepository,
  CredentialCipher,
  RunCounts,
  RunError,
  RunStatus,
  RunTrigger,
} from '../ports/connectors.js';
import type { JobsForStoredRows } from '../ports/pipeline.js';
import type { ModelRepository } from '../ports/repositories.js';
import { mapTicket } from './ticket-mapping.js';
import { planWrites } from './write-back-plan.js';

export interface SyncRunnerOptions {
  /** This process's name in leases (unique per process). */
  owner: string;
  /** How long a connector stays leased without renewal (a dead holder's lease expires after this). */
  leaseMs: number;
  /** How long a run waits for its records' classification to write their labels back (the rest go at the next run). */
  classificationWaitMs: number;
  /** Sleep between looks at the classification while waiting. */
  pollMs: number;
  /** Writes claimed at a time, and how long one claimed write stays with this process. */
  writeBatch: number;
  writeLeaseMs: number;
}

export const DEFAULT_SYNC_OPTIONS: Omit<SyncRunnerOptions, 'owner'> = {
  leaseMs: 60_000,
  classificationWaitMs: 60_000,
  pollMs: 250,
  writeBatch: 50,
  writeLeaseMs: 60_000,
};

interface Deps {
  connectors: ConnectorRepository;
  models: ModelRepository;
  sources: ConnectorSourceFactory;
  /** Undefined when the server has no connector key: no connector can be opened. */
  cipher: CredentialCipher | undefined;
  jobsFor: JobsForStoredRows;
  events: ConnectorEvents;
  sleep?: (ms: number) => Promise<void>;
}

const PLAN_BATCH = 500;

class LeaseLost extends Error {
  constructor(id: number) {
    super(`the lease of connector ${id} expired and another process may hold it`);
  }
}

export class ConnectorSyncRunner {
  private readonly sleep: (ms: number) => Promise<void>;
  private stopping = false;
  private current: AbortController | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly options: SyncRunnerOptions,
  ) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Runs one due connector, if any is free; returns how many it ran (0 or 1). */
  async tick(): Promise<number> {
    if (this.stopping) return 0;
    const claimed = await this.deps.connectors.claimDue(this.options.owner, this.options.leaseMs);
    if (!claimed) return 0;
    await this.run(claimed.connector, claimed.trigger);
    return 1;
  }

  /** Ends the run in progress at its next step (logged `interrupted`, the lease freed); no new run starts. */
  stop(): void {
    this.stopping = true;
    this.current?.abort(new Error('the server is stopping'));
  }

  private async run(connector: Connector, trigger: RunTrigger): Promise<void> {
    const { connectors } = this.deps;
    const run = await connectors.startRun(connector.id, trigger);
    const counts: RunCounts = { fetched: 0, stored: 0, writtenBack: 0, skipped: 0 };
    const abort = new AbortController();
    this.current = abort;
    let lost = false;
    const renewal = setInterval(
      () => {
        connectors.renewLease(connector.id, this.options.owner, this.options.leaseMs).then(
          (held) => {
            if (!held) {
              lost = true;
              abort.abort(new LeaseLost(connector.id));
            }
          },
          () => undefined,
        );
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    let status: RunStatus = 'succeeded';
    let error: RunError | null = null;
    let connectorStatus: 'idle' | 'error' = 'idle';
    let statusMessage: string | null = null;
    try {
      const source = this.open(connector);
      await this.writeBack(connector, source, counts, abort.signal);
      let cursor = connector.cursor;
      for (;;) {
        if (lost) throw new LeaseLost(connector.id);
        const page = await source.fetchPage(cursor, null, abort.signal);
        counts.fetched += page.tickets.length;
        const mapped = page.tickets.map((t) => mapTicket(t, connector.fieldMapping));
        const stored = await connectors.storePage(
          connector.id,
          this.options.owner,
          mapped,
          page.cursor,
          this.deps.jobsFor,
        );
        counts.stored += stored.stored;
        counts.skipped += stored.unchanged;
        cursor = page.cursor;
        await this.writeBack(connector, source, counts, abort.signal);
        if (page.done) break;
      }
      const deadline = Date.now() + this.options.classificationWaitMs;
      while (
        (await connectors.countUnclassified(connector.id)) > 0 &&
        Date.now() < deadline &&
        !lost &&
        !this.stopping
      ) {
        await this.sleep(this.options.pollMs);
        await this.writeBack(connector, source, counts, abort.signal);
      }
      await this.writeBack(connector, source, counts, abort.signal);
      if (this.stopping) status = 'interrupted';
    } catch (err) {
      status = this.stopping ? 'interrupted' : 'failed';
      error = runError(err);
      if (err instanceof RemoteSystemError && err.kind === 'auth') {
        connectorStatus = 'error';
        statusMessage = err.remoteMessage;
      } else if (err instanceof MissingKey) {
        connectorStatus = 'error';
        statusMessage = err.message;
      }
    } finally {
      clearInterval(renewal);
      this.current = undefined;
    }
    await connectors.finishRun(run.id, status, counts, error);
    await connectors.release(connector.id, this.options.owner, {
      status: connectorStatus,
      statusMessage,
      // A run the stop cut short is due again at once (on whichever process starts next).
      nextRunAt: new Date(status === 'interrupted' ? Date.now() : Date.now() + connector.intervalSeconds * 1000),
    });
    this.deps.events.runFinished({
      type: connector.type,
      connectorId: connector.id,
      runId: run.id,
      status,
      counts,
      error,
    });
  }

  private open(connector: Connector): ConnectorSource {
    if (!this.deps.cipher) throw new MissingKey();
    const credentials = JSON.parse(this.deps.cipher.open(connector.sealedCredentials)) as Record<string, string>;
    const { columns, metadata } = connector.fieldMapping;
    const fields = [...new Set([...Object.values(columns), ...Object.values(metadata)])];
    return this.deps.sources({ type: connector.type, baseUrl: connector.baseUrl, credentials, fields });
  }

  /** Plans the writes of newly classified records, then makes every due write of the outbox. */
  private async writeBack(
    connector: Connector,
    source: ConnectorSource,
    counts: RunCounts,
    signal: AbortSignal,
  ): Promise<void> {
    const { connectors } = this.deps;
    const models = await this.writeBackModels(connector);
    for (;;) {
      const records = await connectors.unplanned(connector.id, PLAN_BATCH);
      if (records.length === 0) break;
      const versions = new Map([...models].map(([id, m]) => [id, m.version]));
      const writes = records.flatMap((r) => planWrites(connector.id, connector.writeBack, r, versions));
      await connectors.plan(connector.id, records, writes);
    }
    for (;;) {
      const due = await connectors.claimWrites(connector.id, this.options.writeBatch, this.options.writeLeaseMs);
      if (due.length === 0) break;
      // The batch's outcomes are recorded together, so a write costs the remote's calls and no statement of its own:
      // a busy database (one embedded connection shared with the API) does not slow each write. A write made but not
      // recorded (the process died) is found by its marker when it is claimed again.
      const done: Array<{ id: string; outcome: WriteOutcome }> = [];
      try {
        for (const write of due) {
          try {
            const outcome = await source.writeBack(
              {
                remoteId: write.remoteId,
                labels: write.labels,
                modelName: models.get(write.modelId)?.name ?? String(write.modelId),
                mode: connector.writeBack.mode,
                ...(connector.writeBack.field === null ? {} : { field: connector.writeBack.field }),
                marker: write.marker,
              },
              signal,
            );
            done.push({ id: write.id, outcome });
            if (outcome === 'written') counts.writtenBack += 1;
          } catch (err) {
            if (err instanceof RemoteSystemError && err.kind === 'rejected') {
              // The remote refuses this write for good (a deleted ticket, a field that does not exist): not retried.
              await connectors.retryWrite(write.id, err.message, null);
              counts.skipped += 1;
              continue;
            }
            // Due again at once: the next run (after the interval) tries it first.
            await connectors.retryWrite(write.id, err instanceof Error ? err.message : String(err), 0);
            throw err;
          }
        }
      } finally {
        await connectors.completeWrites(done);
      }
    }
  }

  private async writeBackModels(connector: Connector): Promise<Map<number, { name: string; version: number }>> {
    const found = new Map<number, { name: string; version: number }>();
    if (!connector.writeBack.enabled) return found;
    for (const id of connector.writeBack.modelIds) {
      const model = await this.deps.models.get(connector.workspaceId, id);
      if (model) found.set(id, { name: model.name, version: model.version ?? 0 });
    }
    return found;
  }
}

class MissingKey extends Error {
  constructor() {
    super('the server has no connector key (TEXTCLASS_CONNECTOR_KEY): the credentials cannot be opened');
  }
}

function runError(err: unknown): RunError {
  if (err instanceof RemoteSystemError) return { kind: err.kind, status: err.status, message: err.remoteMessage };
  if (err instanceof LeaseLost) return { kind: 'lease_lost', status: null, message: err.message };
  if (err instanceof MissingKey) return { kind: 'configuration', status: null, message: err.message };
  return { kind: 'internal', status: null, message: err instanceof Error ? err.message : String(err) };
}
