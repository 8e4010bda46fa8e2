// Ports of the connector resource: stored connectors with their lease, the run log, the remote-id → record map and the write-back outbox.
import type { ConnectorType, WriteBackMode, WriteOutcome } from './connector-sources.js';
import type { JobsForStoredRows } from './pipeline.js';
import type { CellValue, Classification, Page, PageRequest } from '../shared/types.js';

/** Which remote fields fill which dataset columns and which metadata keys. */
export interface FieldMapping {
  /** Dataset column → remote field (dotted path as the source flattens it). */
  columns: Record<string, string>;
  /** Metadata key → remote field. */
  metadata: Record<string, string>;
}

export interface WriteBackSettings {
  enabled: boolean;
  /** Models of the dataset whose labels are written back (a label is written only when it clears its cut-off). */
  modelIds: number[];
  mode: WriteBackMode;
  /** The custom field or property (mode `field`). */
  field: string | null;
}

export type ConnectorStatus = 'idle' | 'running' | 'error';

export interface Connector {
  id: number;
  workspaceId: number;
  type: ConnectorType;
  name: string;
  baseUrl: string;
  /** The credentials sealed by the credential cipher; opened only in memory by the sync runner. */
  sealedCredentials: string;
  datasetId: number;
  fieldMapping: FieldMapping;
  intervalSeconds: number;
  writeBack: WriteBackSettings;
  enabled: boolean;
  status: ConnectorStatus;
  /** Why the connector stopped (status `error`: the remote's message), else null. */
  statusMessage: string | null;
  cursor: string | null;
  nextRunAt: Date;
  lastRunAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewConnector {
  workspaceId: number;
  type: ConnectorType;
  name: string;
  baseUrl: string;
  sealedCredentials: string;
  datasetId: number;
  fieldMapping: FieldMapping;
  intervalSeconds: number;
  writeBack: WriteBackSettings;
  enabled: boolean;
}

export type ConnectorChanges = Partial<
  Pick<
    NewConnector,
    'name' | 'baseUrl' | 'sealedCredentials' | 'fieldMapping' | 'intervalSeconds' | 'writeBack' | 'enabled'
  >
>;

export type RunTrigger = 'schedule' | 'manual';
export type RunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';

export interface RunCounts {
  fetched: number;
  stored: number;
  writtenBack: number;
  skipped: number;
}

export interface RunError {
  kind: string;
  /** The remote's HTTP status; null when no response came or the failure was not remote. */
  status: number | null;
  message: string;
}

export interface ConnectorRun extends RunCounts {
  id: string;
  connectorId: number;
  trigger: RunTrigger;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  error: RunError | null;
}

/** One remote ticket as the dataset stores it. */
export interface MappedTicket {
  remoteId: string;
  remoteUpdatedAt: string;
  values: Record<string, CellValue>;
  metadata: Record<string, string>;
}

/** A classified record of a connector whose current revision has no write-back planned yet. */
export interface UnplannedRecord {
  recordId: string;
  remoteId: string;
  revision: number;
  classifications: Record<string, Classification>;
  needsReview: string[];
}

export interface PlannedWrite {
  recordId: string;
  remoteId: string;
  revision: number;
  modelId: number;
  modelVersion: number;
  labels: string[];
  marker: string;
}

export interface PendingWrite extends PlannedWrite {
  id: string;
  attempts: number;
}

export interface ConnectorRepository {
  create(input: NewConnector): Promise<Connector>;
  list(workspaceId: number, page: PageRequest): Promise<Page<Connector>>;
  get(workspaceId: number, id: number): Promise<Connector | undefined>;
  update(workspaceId: number, id: number, changes: ConnectorChanges): Promise<Connector | undefined>;
  delete(workspaceId: number, id: number): Promise<boolean>;
  /** Due now (and out of `error`, whose cause the caller may have fixed); the runner picks it up at its next look. */
  requestSync(workspaceId: number, id: number): Promise<Connector | undefined>;
  listRuns(connectorId: number, page: PageRequest): Promise<Page<ConnectorRun>>;

  /**
   * Leases one enabled connector that is due (next_run_at passed, not in `error`) and whose lease is free or expired,
   * in one atomic UPDATE: no two processes hold a connector at once. The trigger says whether a sync was requested.
   */
  claimDue(owner: string, leaseMs: number): Promise<{ connector: Connector; trigger: RunTrigger } | undefined>;
  /** Extends the lease; false when it is no longer `owner`'s (it expired and another took it). An expired lease nobody took is still `owner`'s. */
  renewLease(id: number, owner: string, leaseMs: number): Promise<boolean>;
  /** Frees the lease and sets the status and the next run (only while `owner` holds it). */
  release(
    id: number,
    owner: string,
    outcome: { status: 'idle' | 'error'; statusMessage: string | null; nextRunAt: Date },
  ): Promise<void>;
  /** Starts a run in the log; a run a dead holder left `running` is marked `interrupted` first. */
  startRun(connectorId: number, trigger: RunTrigger): Promise<ConnectorRun>;
  finishRun(runId: string, status: RunStatus, counts: RunCounts, error: RunError | null): Promise<void>;

  /**
   * One page, in ONE transaction, only while `owner` holds the lease: new tickets become records, changed ones
   * update theirs (classified again; the pending writes of their older revisions are superseded), unchanged ones are
   * left; the classification jobs and the cursor commit with them.
   */
  storePage(
    connectorId: number,
    owner: string,
    tickets: MappedTicket[],
    cursor: string,
    jobsFor: JobsForStoredRows,
  ): Promise<{ stored: number; unchanged: number }>;

  /** Classified records whose current revision has no write-back planned (oldest first). */
  unplanned(connectorId: number, limit: number): Promise<UnplannedRecord[]>;
  /** Records of the connector still waiting for their classification. */
  countUnclassified(connectorId: number): Promise<number>;
  /** Adds the writes to the outbox (a write already there is not added again) and marks the revisions planned. */
  plan(
    connectorId: number,
    records: Array<{ recordId: string; revision: number }>,
    writes: PlannedWrite[],
  ): Promise<void>;
  /** Leases due pending writes of the connector (FOR UPDATE SKIP LOCKED). */
  claimWrites(connectorId: number, limit: number, leaseMs: number): Promise<PendingWrite[]>;
  /** Records the outcomes of made writes, a claimed batch in one statement. */
  completeWrites(done: Array<{ id: string; outcome: WriteOutcome }>): Promise<void>;
  /** The write is tried again after `delayMs`, or marked failed when null. */
  retryWrite(id: string, error: string, delayMs: number | null): Promise<void>;
}

/** Seals credentials for storage and opens them for a sync (AES-256-GCM in the adapter); never logs them. */
export interface CredentialCipher {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** What the sync runner tells its observers (metrics, logs); labels are the connector type, never its id. */
export interface ConnectorEvents {
  runFinished(report: {
    type: ConnectorType;
    connectorId: number;
    runId: string;
    status: RunStatus;
    counts: RunCounts;
    error: RunError | null;
  }): void;
}

export const NO_CONNECTOR_EVENTS: ConnectorEvents = { runFinished: () => undefined };
