// Webhook dispatcher: claims due outbox deliveries, signs them (Standard Webhooks), POSTs them and schedules retries with jitter.
import { Webhook } from 'standardwebhooks';
import type {
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
  /** Deliveries claimed (and sent concurrently) per tick. */
  batch: number;
  /** ± this fraction of each delay, at random. */
  jitter: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  scheduleMs: RETRY_SCHEDULE_MS,
  timeoutMs: 10_000,
  batch: 16,
  jitter: 0.1,
};

export class WebhookDispatcher {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions = DEFAULT_DISPATCHER_OPTIONS,
    private readonly random: () => number = Math.random,
    private readonly events: PipelineEvents = IGNORE_PIPELINE_EVENTS,
  ) {}

  /** Delivers what is due; returns how many deliveries it attempted. */
  async tick(): Promise<number> {
    // The lease outlasts the request timeout, so no other process picks a delivery that is still in flight.
    const due = await this.webhooks.claimDue(this.options.batch, this.options.timeoutMs * 3);
    await Promise.all(due.map(({ delivery, endpoint }) => this.deliver(delivery, endpoint)));
    return due.length;
  }

  async deliver(delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<void> {
    const now = new Date();
    if (!endpoint.enabled) {
      const error = 'endpoint is disabled';
      const outcome = { status: 'failed' as const, nextAttemptAt: null, retries: delivery.retries };
      await this.webhooks.recordAttempt(
        delivery.id,
        { attemptedAt: now, statusCode: null, latencyMs: 0, error },
        outcome,
      );
      this.report(delivery, null, error, outcome);
      return;
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
    const outcome = this.outcome(delivery, statusCode);
    // The attempt is written before the endpoint is disabled: whoever sees it disabled sees its delivery failed.
    await this.webhooks.recordAttempt(delivery.id, attempt, outcome);
    if (statusCode === 410) {
      const reason = `the receiver answered 410 Gone at ${now.toISOString()}`;
      await this.webhooks.disable(endpoint.id, reason);
      this.events.endpointDisabled(endpoint.id, reason);
    }
    this.report(delivery, statusCode, error, outcome);
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
