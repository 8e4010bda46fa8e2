// Webhook dispatcher: claims due outbox deliveries (or adopts those the classify stage leased to it as it stored them), hands them to the sender (bounded per endpoint; a quick receiver's freed slots refilled on the sender's side) and records each tick's attempts in one write, scheduling retries with jitter.
import { ClaimPace } from './claim-pace.js';
import { EndpointClaims } from './endpoint-claims.js';
import { SendWindows } from './send-windows.js';
import { attemptDelivery } from './delivery-attempt.js';
import { DEFAULT_DISPATCHER_OPTIONS, type DispatcherOptions } from './dispatcher-options.js';
import { WebhookSigner } from './webhook-signer.js';
import type {
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRepository,
  WebhookSender,
} from '../ports/pipeline.js';
import { IGNORE_PIPELINE_EVENTS, type DeliveryOutcome, type PipelineEvents } from '../ports/pipeline-events.js';

/** A claimed delivery waiting for a free slot of its endpoint, to be sent before `sendBy` (its lease's end less a timeout). */
interface Queued {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
  sendBy: number;
}

interface Settled extends Omit<Queued, 'sendBy'> {
  attempt: DeliveryAttempt;
  outcome: { status: DeliveryStatus; nextAttemptAt: Date | null; retries: number };
}

export class WebhookDispatcher {
  /** Sends in flight by endpoint id. */
  readonly #inFlight = new Map<number, number>();
  /** Sends in flight, with their endpoint and when they started (performance.now()). */
  readonly #sending = new Map<Promise<void>, { endpointId: number; startedAt: number }>();
  /** Claimed deliveries waiting for a slot, by endpoint id. */
  readonly #queued = new Map<number, Queued[]>();
  #queuedCount = 0;
  readonly #claims: EndpointClaims;
  readonly #windows: SendWindows;
  readonly #pace: ClaimPace;
  /** Attempts finished since the last tick, written by the next one. */
  #settled: Settled[] = [];
  readonly #signer = new WebhookSigner();
  /** Told when a send settles (the poll loop wakes to record it and claim more). */
  onSettled: () => void = () => undefined;

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions = DEFAULT_DISPATCHER_OPTIONS,
    private readonly random: () => number = Math.random,
    private readonly events: PipelineEvents = IGNORE_PIPELINE_EVENTS,
  ) {
    this.#claims = new EndpointClaims({ base: options.claimPerEndpoint, ceiling: options.claimCeiling });
    this.#windows = new SendWindows({
      initial: options.perEndpoint,
      ceiling: options.windowCeiling,
      ahead: options.sendAhead,
      aheadMs: options.slowMs / 2,
    });
    this.#pace = new ClaimPace(options.claimGapMs);
  }

  /** Sends the endpoint may have in flight now. */
  window(endpointId: number): number {
    return this.#windows.limit(endpointId);
  }

  /** Deliveries of the endpoint this process holds: in flight and waiting for a slot. */
  holding(endpointId: number): number {
    return (this.#inFlight.get(endpointId) ?? 0) + (this.#queued.get(endpointId)?.length ?? 0);
  }

  /**
   * Waits out the claim gap unless an endpoint has a backlog, records the attempts that settled since the last tick (one
   * statement: each first attempt on its delivery row, later ones logged), then claims what is due for endpoints with
   * free slots and starts sending it without waiting for the answers: a tick never waits on a receiver. Returns how
   * many attempts it recorded and sends it started (0: nothing to do).
   */
  async tick(): Promise<number> {
    const wait = this.#pace.delay(this.#claims.backlogged());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const recorded = await this.flush();
    await this.webhooks.releaseClaims(this.adapt(recorded));
    const free = this.room().max;
    if (free === 0) return recorded.length;
    // Each endpoint seen is topped up to its claim once no more than half of it waits; the others are skipped.
    const wanted = new Map<number, number>();
    for (const id of new Set([...this.#queued.keys(), ...this.#inFlight.keys(), ...this.#claims.grown().keys()]))
      wanted.set(id, this.#claims.wanted(id, this.#queued.get(id)?.length ?? 0));
    const skip = [...wanted].filter(([, n]) => n === 0).map(([id]) => id);
    // A delivery still waiting for a slot when less than a timeout of its lease is left is not sent (its lease runs out).
    const leaseMs = this.leaseMs();
    const sendBy = Date.now() + leaseMs - this.options.timeoutMs * 1.5;
    this.#pace.claimed();
    const due = await this.webhooks.claimForSending(free, this.options.claimPerEndpoint, leaseMs, skip, wanted);
    const got = new Map<number, number>();
    for (const { endpoint } of due) got.set(endpoint.id, (got.get(endpoint.id) ?? 0) + 1);
    for (const id of new Set([...wanted.keys(), ...got.keys()]))
      this.#claims.claimed(id, got.get(id) ?? 0, wanted.get(id) ?? this.options.claimPerEndpoint);
    for (const { delivery, endpoint } of due) this.enqueue({ delivery, endpoint, sendBy });
    for (const endpointId of got.keys()) this.pump(endpointId);
    return recorded.length + due.length;
  }

  /** What the classify stage may lease to this process as it stores deliveries: what it may hold more, and the lease (a claim's). */
  room(): { max: number; ms: number } {
    return { max: Math.max(0, this.options.batch - this.#sending.size - this.#queuedCount), ms: this.leaseMs() };
  }

  /**
   * Deliveries leased to this process as they were stored (the lease began no earlier than `leasedAt`): queued and
   * sent as claimed ones are, without a claim. A slow endpoint's surplus is let go by the next tick, as a claim's is.
   */
  adopt(list: ReadonlyArray<{ delivery: WebhookDelivery; endpoint: WebhookEndpoint }>, leasedAt: number): void {
    const sendBy = leasedAt + this.leaseMs() - this.options.timeoutMs * 1.5;
    for (const { delivery, endpoint } of list) this.enqueue({ delivery, endpoint, sendBy });
    for (const endpointId of new Set(list.map(({ endpoint }) => endpoint.id))) this.pump(endpointId);
  }

  /** Queues a delivery this process holds for its endpoint's next free slot. */
  private enqueue(queued: Queued): void {
    const queue = this.#queued.get(queued.endpoint.id) ?? [];
    queue.push(queued);
    this.#queued.set(queued.endpoint.id, queue);
    this.#queuedCount += 1;
  }

  /** A claim's lease outlasts the request timeout, so no other process picks a delivery still in flight. */
  private leaseMs(): number {
    return this.options.timeoutMs * 3;
  }

  /**
   * Sizes each endpoint's next claim: back to the base for one that failed, answered slower than slowMs or has a send
   * in flight longer (what it holds waiting beyond the base is let go, and returned: their leases are released, so
   * the next claim of any process takes them); doubled for one that drained a full claim before this tick.
   */
  private adapt(settled: readonly Settled[]): string[] {
    const released: string[] = [];
    const slow = new Set<number>();
    for (const { endpoint, attempt } of settled)
      if (attempt.error !== null || attempt.latencyMs > this.options.slowMs) slow.add(endpoint.id);
    const now = performance.now();
    for (const { endpointId, startedAt } of this.#sending.values())
      if (now - startedAt > this.options.slowMs) slow.add(endpointId);
    for (const id of slow) {
      this.#claims.reset(id);
      if (!settled.some(({ endpoint }) => endpoint.id === id)) this.#windows.slow(id, false);
      const queue = this.#queued.get(id);
      if (queue === undefined || queue.length <= this.options.claimPerEndpoint) continue;
      const dropped = queue.splice(this.options.claimPerEndpoint);
      this.#queuedCount -= dropped.length;
      // Released only while the lease is surely this process's (the same margin a send needs).
      for (const { delivery, sendBy } of dropped) if (Date.now() <= sendBy) released.push(delivery.id);
    }
    for (const id of new Set([...this.#claims.grown().keys(), ...settled.map(({ endpoint }) => endpoint.id)]))
      if (!slow.has(id) && !this.#queued.has(id)) this.#claims.ranDry(id);
    return released;
  }

  /** Waits for the sends in flight and those waiting for a slot, and records them (on stop: nothing sent stays unrecorded in this process). */
  async drain(): Promise<void> {
    while (this.#sending.size > 0) await Promise.allSettled([...this.#sending.keys()]);
    await this.flush();
  }

  /**
   * Hands the endpoint's waiting deliveries to the sender while it holds fewer than the endpoint may hand over; the
   * sender keeps no more than the window of them in flight (their lane), the others wait there for a slot.
   */
  private pump(endpointId: number): void {
    const queue = this.#queued.get(endpointId);
    while (
      queue !== undefined &&
      queue.length > 0 &&
      (this.#inFlight.get(endpointId) ?? 0) < this.#windows.handed(endpointId)
    ) {
      const next = queue.shift()!;
      this.#queuedCount -= 1;
      if (Date.now() <= next.sendBy) this.start(next);
    }
    if (queue?.length === 0) this.#queued.delete(endpointId);
  }

  private start({ delivery, endpoint, sendBy }: Queued): void {
    this.#inFlight.set(endpoint.id, (this.#inFlight.get(endpoint.id) ?? 0) + 1);
    const lane = { key: String(endpoint.id), limit: this.#windows.limit(endpoint.id), startBy: sendBy };
    const { sender, options, random } = this;
    const sending: Promise<void> = attemptDelivery(delivery, endpoint, sender, this.#signer, options, random, lane)
      .then((result) => {
        // Not sent: it waited in its lane past sendBy; its lease runs out and a later claim takes it.
        if (result === null) return;
        const { attempt } = result;
        this.#settled.push({ delivery, endpoint, ...result });
        if (attempt.error !== null || attempt.latencyMs > options.slowMs)
          this.#windows.slow(endpoint.id, attempt.error !== null);
        else {
          // Sends waited for a slot: here, or in the lane (more handed over than the window, this one still counted).
          const waiting = this.holding(endpoint.id) > this.#windows.limit(endpoint.id);
          this.#windows.fast(endpoint.id, waiting, attempt.latencyMs);
        }
      })
      .finally(() => {
        this.#sending.delete(sending);
        const left = (this.#inFlight.get(endpoint.id) ?? 1) - 1;
        if (left === 0) this.#inFlight.delete(endpoint.id);
        else this.#inFlight.set(endpoint.id, left);
        this.pump(endpoint.id);
        this.onSettled();
      });
    this.#sending.set(sending, { endpointId: endpoint.id, startedAt: performance.now() });
  }

  /** Records the attempts settled since the last tick; returns them. */
  private async flush(): Promise<Settled[]> {
    const settled = this.#settled;
    if (settled.length === 0) return [];
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
    return settled;
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
}
