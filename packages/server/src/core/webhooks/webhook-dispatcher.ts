// Webhook dispatcher: claims due outbox deliveries, signs them (Standard Webhooks), POSTs them (bounded per endpoint, freed slots refilled at once from what the tick claimed) and records each tick's attempts in one write, scheduling retries with jitter.
import { Webhook } from 'standardwebhooks';
import type {
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRepository,
  WebhookSender,
} from '../ports/pipeline.js';
import { IGNORE_PIPELINE_EVENTS, type DeliveryOutcome, type PipelineEvents } from '../ports/pipeline-events.js';

/** A failed delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, then failed. */
export const RETRY_SCHEDULE_MS: readonly number[] = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400].map(
  (s) => s * 1000,
);

export interface DispatcherOptions {
  scheduleMs: readonly number[];
  timeoutMs: number;
  /** Deliveries held by this process at most (in flight and waiting for a slot), all endpoints together. */
  batch: number;
  /** Sends in flight per endpoint at most: a slow receiver holds its own slots, never the others'. */
  perEndpoint: number;
  /**
   * Deliveries one tick may claim for an endpoint: those beyond its free slots wait in this process and start as its
   * sends settle, without another tick (a fast receiver is not held to perEndpoint sends per database round trip).
   */
  claimPerEndpoint: number;
  /** ± this fraction of each delay, at random. */
  jitter: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  scheduleMs: RETRY_SCHEDULE_MS,
  timeoutMs: 10_000,
  batch: 1024,
  perEndpoint: 16,
  claimPerEndpoint: 64,
  jitter: 0.1,
};

/** A claimed delivery waiting for a free slot of its endpoint, to be sent before `sendBy` (its lease's end less a timeout). */
interface Queued {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
  sendBy: number;
}

interface Settled {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
  attempt: DeliveryAttempt;
  outcome: { status: DeliveryStatus; nextAttemptAt: Date | null; retries: number };
}

export class WebhookDispatcher {
  /** Sends in flight by endpoint id. */
  readonly #inFlight = new Map<number, number>();
  readonly #sending = new Set<Promise<void>>();
  /** Claimed deliveries waiting for a slot, by endpoint id. */
  readonly #queued = new Map<number, Queued[]>();
  #queuedCount = 0;
  /** Attempts finished since the last tick, written by the next one. */
  #settled: Settled[] = [];
  /** Told when a send settles (the poll loop wakes to record it and claim more). */
  onSettled: () => void = () => undefined;

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions = DEFAULT_DISPATCHER_OPTIONS,
    private readonly random: () => number = Math.random,
    private readonly events: PipelineEvents = IGNORE_PIPELINE_EVENTS,
  ) {}

  /**
   * Records the attempts that settled since the last tick (one attempts INSERT, one deliveries UPDATE … FROM), then
   * claims what is due for endpoints with free slots and starts sending it without waiting for the answers: a tick
   * never waits on a receiver. Returns how many attempts it recorded and sends it started (0: nothing to do).
   */
  async tick(): Promise<number> {
    const recorded = await this.flush();
    const free = this.options.batch - this.#sending.size - this.#queuedCount;
    if (free <= 0) return recorded;
    // An endpoint with a round of sends still waiting here, or with waiting sends and no free slot (a slow receiver),
    // is not claimed for again.
    const full = [...this.#queued]
      .filter(
        ([id, q]) => q.length >= this.options.perEndpoint || (this.#inFlight.get(id) ?? 0) >= this.options.perEndpoint,
      )
      .map(([id]) => id);
    // The lease outlasts the request timeout, so no other process picks a delivery that is still in flight; a
    // delivery still waiting for a slot when less than a timeout of its lease is left is not sent (its lease runs out).
    const leaseMs = this.options.timeoutMs * 3;
    const sendBy = Date.now() + leaseMs - this.options.timeoutMs * 1.5;
    const due = await this.webhooks.claimForSending(free, this.options.claimPerEndpoint, leaseMs, full);
    for (const { delivery, endpoint } of due) {
      const queue = this.#queued.get(endpoint.id) ?? [];
      queue.push({ delivery, endpoint, sendBy });
      this.#queued.set(endpoint.id, queue);
      this.#queuedCount += 1;
    }
    for (const endpointId of new Set(due.map(({ endpoint }) => endpoint.id))) this.pump(endpointId);
    return recorded + due.length;
  }

  /** Waits for the sends in flight and those waiting for a slot, and records them (on stop: nothing sent stays unrecorded in this process). */
  async drain(): Promise<void> {
    while (this.#sending.size > 0) await Promise.allSettled([...this.#sending]);
    await this.flush();
  }

  /** Starts the endpoint's waiting deliveries while it has free slots. */
  private pump(endpointId: number): void {
    const queue = this.#queued.get(endpointId);
    while (
      queue !== undefined &&
      queue.length > 0 &&
      (this.#inFlight.get(endpointId) ?? 0) < this.options.perEndpoint
    ) {
      const next = queue.shift()!;
      this.#queuedCount -= 1;
      if (Date.now() <= next.sendBy) this.start(next.delivery, next.endpoint);
    }
    if (queue?.length === 0) this.#queued.delete(endpointId);
  }

  private start(delivery: WebhookDelivery, endpoint: WebhookEndpoint): void {
    this.#inFlight.set(endpoint.id, (this.#inFlight.get(endpoint.id) ?? 0) + 1);
    const sending: Promise<void> = this.send(delivery, endpoint)
      .then((settled) => {
        this.#settled.push(settled);
      })
      .finally(() => {
        this.#sending.delete(sending);
        const left = (this.#inFlight.get(endpoint.id) ?? 1) - 1;
        if (left === 0) this.#inFlight.delete(endpoint.id);
        else this.#inFlight.set(endpoint.id, left);
        this.pump(endpoint.id);
        this.onSettled();
      });
    this.#sending.add(sending);
  }

  private async flush(): Promise<number> {
    const settled = this.#settled;
    if (settled.length === 0) return 0;
    this.#settled = [];
    try {
      // The attempts are written before an endpoint is disabled: whoever sees it disabled sees its delivery failed.
      await this.webhooks.recordAttempts(
        settled.map(({ delivery, attempt, outcome }) => ({ id: delivery.id, attempt, outcome })),
      );
    } catch (error) {
      this.#settled = [...settled, ...this.#settled];
      throw error;
    }
    const gone = new Map<number, string>();
    for (const { delivery, endpoint, attempt, outcome } of settled) {
      if (attempt.statusCode === 410 && !gone.has(endpoint.id))
        gone.set(endpoint.id, `the receiver answered 410 Gone at ${attempt.attemptedAt.toISOString()}`);
      this.report(delivery, attempt.statusCode, attempt.error, outcome);
    }
    for (const [endpointId, reason] of gone) {
      await this.webhooks.disable(endpointId, reason);
      this.events.endpointDisabled(endpointId, reason);
    }
    return settled.length;
  }

  /** One POST of a delivery (or its failure when the endpoint is disabled): the attempt and outcome, not yet written. */
  private async send(delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<Settled> {
    const now = new Date();
    if (!endpoint.enabled) {
      const attempt = { attemptedAt: now, statusCode: null, latencyMs: 0, error: 'endpoint is disabled' };
      return {
        delivery,
        endpoint,
        attempt,
        outcome: { status: 'failed', nextAttemptAt: null, retries: delivery.retries },
      };
    }
    const headers = {
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(endpoint.secret).sign(delivery.messageId, now, delivery.body),
    };
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = (
        await this.sender.send(endpoint.url, headers, delivery.body, this.options.timeoutMs, delivery.traceContext)
      ).statusCode;
      if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const attempt = { attemptedAt: now, statusCode, latencyMs: performance.now() - started, error };
    return { delivery, endpoint, attempt, outcome: this.outcome(delivery, statusCode) };
  }

  private report(
    delivery: WebhookDelivery,
    statusCode: number | null,
    error: string | null,
    outcome: { status: DeliveryStatus; nextAttemptAt: Date | null },
  ): void {
    const result: DeliveryOutcome = outcome.status === 'pending' ? 'retrying' : outcome.status;
    this.events.deliveryAttempted({
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      event: delivery.event,
      outcome: result,
      statusCode,
      error,
      retries: delivery.retries,
      nextAttemptAt: outcome.nextAttemptAt,
      lagSeconds: result === 'succeeded' ? Math.max(0, (Date.now() - delivery.createdAt.getTime()) / 1000) : null,
    });
  }

  private outcome(
    delivery: WebhookDelivery,
    statusCode: number | null,
  ): { status: DeliveryStatus; nextAttemptAt: Date | null; retries: number } {
    if (statusCode !== null && statusCode >= 200 && statusCode <= 299)
      return { status: 'succeeded', nextAttemptAt: null, retries: delivery.retries };
    const delay = this.options.scheduleMs[delivery.retries];
    if (statusCode === 410 || delay === undefined)
      return { status: 'failed', nextAttemptAt: null, retries: delivery.retries };
    const jittered = delay * (1 + (this.random() * 2 - 1) * this.options.jitter);
    return { status: 'pending', nextAttemptAt: new Date(Date.now() + jittered), retries: delivery.retries + 1 };
  }
}
