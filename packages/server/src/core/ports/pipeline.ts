// Ports of the record pipeline: the job queue and the ingestion outbox, classification results with their event outbox, webhook endpoints, deliveries and their sender.
import type { Classification, DatasetRecord, Page, PageRequest } from '../shared/types.js';

/** A job for the queue. */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
}

/** Dataset rows that one write stored, as storage hands them to the core's outbox rule. */
export interface StoredRows {
  workspaceId: number;
  datasetId: number;
  /** The models of the dataset as they stand when the rows commit (read or checked in the rows' transaction). */
  modelIds: number[];
  recordIds: string[];
}

/** The core's rule for the jobs that stored rows need (the ingestion outbox); storage writes them in the rows' transaction. */
export type JobsForStoredRows = (rows: StoredRows) => NewJob[];

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Claims so far, this one included. */
  attempts: number;
  /** The trace of the request that stored the job (an opaque W3C traceparent), when that request was traced. */
  traceContext?: string;
}

export interface JobRepository {
  enqueue(kind: string, payload: Record<string, unknown>): Promise<string>;
  /**
   * Leases up to `limit` due jobs (FOR UPDATE SKIP LOCKED): no other process gets them until the lease ends.
   * `weight`: jobs are taken in order while the lengths of their payload's array `arrayField` add up to at most
   * `max` (the first due job always), so a tick claims as many small jobs as one large one.
   */
  claim(kind: string, limit: number, leaseMs: number, weight?: { arrayField: string; max: number }): Promise<Job[]>;
  complete(id: string): Promise<void>;
  /** Deletes finished jobs in one statement. */
  completeAll(ids: string[]): Promise<void>;
  /** Runs the job again after `delayMs`, or marks it failed when `delayMs` is null. */
  retry(id: string, error: string, delayMs: number | null): Promise<void>;
  /** Jobs neither done nor failed (for tests and health). */
  countPending(): Promise<number>;
  /**
   * Calls `listener` each time a write of this process has committed new jobs (rows stored through the record
   * endpoints), so that this process's workers take them at once; returns the function that stops it.
   */
  onQueued(listener: () => void): () => void;
}

/** An event for the webhook outbox: its body serialised once, so every attempt signs the same bytes. */
export interface OutboxEvent {
  type: string;
  body: string;
  /** The endpoints the core chose as subscribers. */
  endpointIds: number[];
}

export interface RecordResult {
  recordId: string;
  classifications: Record<string, Classification>;
  needsReview: string[];
  /** Each classifying model's best labels (most confident first, a few), kept with the record's review items. */
  topPredictions?: Record<string, Classification[]>;
  skippedModels: Record<string, string>;
  /** Models that failed on this record alone (deterministically), with the reason. */
  failedModels: Record<string, string>;
  /** The event this result sends, or null when it sends none (no model classified the record). */
  event: OutboxEvent | null;
  /** The trace of the write that stored the record: its deliveries continue it (else saveResults' traceContext). */
  traceContext?: string;
  /**
   * The text the models classified (the record's text column as it was read). The result is written only while the
   * record still holds that text: a record edited meanwhile (a connector's newer revision of a ticket) keeps waiting
   * for the classification of its new text.
   */
  text?: string;
}

/** What classifying a record reads of it: its text (in `values`) and what its event carries. */
export type RecordToClassify = Pick<DatasetRecord, 'id' | 'datasetId' | 'values' | 'metadata'>;

export interface PipelineRepository {
  /** The dataset's records among `ids` that are not classified yet, in id order (what classifying them reads). */
  unclassified(datasetId: number, ids: string[]): Promise<RecordToClassify[]>;
  /**
   * Writes each result only where the record is still unclassified (and still holds the result's `text`) and, in the
   * same transaction, one outbox
   * delivery of its event per chosen endpoint that is still an enabled endpoint of the workspace, carrying
   * `traceContext` (the job's) so that its sends join that trace. `finishedJobIds`: the jobs these results finish,
   * deleted in the same transaction (a job is gone exactly when its results are stored). `lease`: the first deliveries
   * stored are leased as they are inserted and handed to `lease.adopt` once committed. Returns the ids it wrote.
   */
  saveResults(
    workspaceId: number,
    results: RecordResult[],
    traceContext?: string,
    finishedJobIds?: readonly string[],
    lease?: OutboxLease,
  ): Promise<string[]>;
}

/**
 * Outbox deliveries leased as they are stored, for this process's dispatcher to send without claiming them: the lease
 * is a claim's (other processes skip the rows until it ends; a crash frees them then), written by the INSERT itself.
 */
export interface OutboxLease {
  /** Deliveries leased at most (the first ones stored); 0: none. */
  max: number;
  /** How long the lease lasts. */
  ms: number;
  /** Takes the leased deliveries once their transaction has committed. */
  adopt(deliveries: WebhookDelivery[]): void;
}

/** The dispatcher of this process as the classify stage hands it the deliveries it stores. */
export interface DeliveryHandoff {
  /** Deliveries it takes now and how long their lease must last. */
  room(): { max: number; ms: number };
  /** Leased deliveries with their endpoints; `leasedAt` (Date.now()) is no later than the lease's start. */
  adopt(list: ReadonlyArray<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>, leasedAt: number): void;
}

export interface WebhookEndpoint {
  id: number;
  workspaceId: number;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secret: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryAttempt {
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: string;
  endpointId: number;
  event: string;
  messageId: string;
  body: string;
  status: DeliveryStatus;
  /** Failed attempts since the schedule (re)started. */
  retries: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  attempts: DeliveryAttempt[];
  /** The trace the event belongs to (an opaque W3C traceparent): every attempt continues it. */
  traceContext?: string;
}

export interface WebhookRepository {
  create(input: {
    workspaceId: number;
    url: string;
    events: string[];
    enabled: boolean;
    secret: string;
  }): Promise<WebhookEndpoint>;
  list(workspaceId: number, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** The workspace's enabled endpoints, ordered by id. */
  listEnabled(workspaceId: number): Promise<WebhookEndpoint[]>;
  get(workspaceId: number, id: number): Promise<WebhookEndpoint | undefined>;
  update(
    workspaceId: number,
    id: number,
    changes: { url?: string; events?: string[]; enabled?: boolean; secret?: string },
  ): Promise<WebhookEndpoint | undefined>;
  delete(workspaceId: number, id: number): Promise<boolean>;
  /** Turns an endpoint off (e.g. after a 410), with the reason. */
  disable(id: number, reason: string): Promise<void>;
  listDeliveries(endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>>;
  getDelivery(endpointId: number, id: string): Promise<WebhookDelivery | undefined>;
  /** Leases up to `limit` due pending deliveries (FOR UPDATE SKIP LOCKED). */
  claimDue(limit: number, leaseMs: number): Promise<Array<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>>;
  /** Logs an attempt (the first on the delivery row) and sets the outcome: `succeeded`, `failed`, or `pending` again at `nextAttemptAt`. */
  recordAttempt(
    id: string,
    attempt: DeliveryAttempt,
    outcome: { status: DeliveryStatus; nextAttemptAt: Date | null; retries: number },
  ): Promise<void>;
  /**
   * Leases due pending deliveries for sending (FOR UPDATE SKIP LOCKED): up to `limit` in all and `perEndpoint` per
   * endpoint (or the endpoint's own number in `perEndpointById`), none of the endpoints in `skipEndpoints`; their
   * earlier attempts are not read (empty `attempts`).
   */
  claimForSending(
    limit: number,
    perEndpoint: number,
    leaseMs: number,
    skipEndpoints: readonly number[],
    perEndpointById?: ReadonlyMap<number, number>,
  ): Promise<Array<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>>;
  /**
   * Lets go of claimed deliveries this process will not send (never started): their leases end now, so the next claim
   * of any process takes them at once instead of after the lease. Only live leases are cleared.
   */
  releaseClaims(ids: readonly string[]): Promise<void>;
  /** recordAttempt for many deliveries in one statement: each first attempt stored on its delivery row, later ones logged. */
  recordAttempts(
    attempts: ReadonlyArray<{
      id: string;
      attempt: DeliveryAttempt;
      outcome: { status: DeliveryStatus; nextAttemptAt: Date | null; retries: number };
    }>,
  ): Promise<void>;
  /** Puts a delivery back to pending, due now, its schedule restarted (same webhook-id). */
  redeliver(endpointId: number, id: string): Promise<WebhookDelivery | undefined>;
}

/**
 * Where a send waits for its turn: at most `limit` sends of one `key` (an endpoint) are in flight at once, the others
 * wait in the sender in the order given (the newest send's limit holds for them all). One still waiting at `startBy`
 * (epoch ms) is not sent.
 */
export interface SendLane {
  key: string;
  limit: number;
  startBy: number;
}

/** A POST's answer; `waitedMs`: how long it waited in its lane before it started (only for a send given a lane). */
export interface SendAnswer {
  statusCode: number;
  waitedMs?: number;
}

/**
 * Sends one POST; resolves with the status code, rejects on a network error or timeout, and resolves with null for a
 * send given a lane that was still waiting at its `startBy` (nothing was sent).
 */
export interface WebhookSender {
  /** `traceContext`: the delivery's trace, for a sender that traces the call. */
  send(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
    traceContext?: string,
    lane?: SendLane,
  ): Promise<SendAnswer | null>;
}
