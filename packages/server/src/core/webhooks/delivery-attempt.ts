// One POST of a webhook delivery, signed (Standard Webhooks): the attempt and the outcome it leads to, not yet written (none when its lane let it go unsent); a disabled endpoint's delivery fails without a POST.
import { retryOutcome, type DeliveryOutcomeValue } from './retry-outcome.js';
import type { WebhookSigner } from './webhook-signer.js';
import type { DeliveryAttempt, SendLane, WebhookDelivery, WebhookEndpoint, WebhookSender } from '../ports/pipeline.js';

export interface AttemptSettings {
  timeoutMs: number;
  scheduleMs: readonly number[];
  jitter: number;
}

export interface AttemptResult {
  attempt: DeliveryAttempt;
  outcome: DeliveryOutcomeValue;
}

export async function attemptDelivery(
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint,
  sender: WebhookSender,
  signer: WebhookSigner,
  settings: AttemptSettings,
  random: () => number,
  lane?: SendLane,
): Promise<AttemptResult | null> {
  const now = new Date();
  if (!endpoint.enabled) {
    const attempt = { attemptedAt: now, statusCode: null, latencyMs: 0, error: 'endpoint is disabled' };
    return { attempt, outcome: { status: 'failed', nextAttemptAt: null, retries: delivery.retries } };
  }
  const headers = {
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signer.sign(endpoint.secret, delivery.messageId, now, delivery.body),
  };
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  // Time spent waiting in its lane is not the receiver's: the attempt starts, and its latency counts, from the POST.
  let waitedMs = 0;
  try {
    const answer = await sender.send(
      endpoint.url,
      headers,
      delivery.body,
      settings.timeoutMs,
      delivery.traceContext,
      lane,
    );
    if (answer === null) return null;
    ({ statusCode } = answer);
    waitedMs = answer.waitedMs ?? 0;
    if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  const attemptedAt = new Date(now.getTime() + Math.round(waitedMs));
  const attempt = { attemptedAt, statusCode, latencyMs: Math.max(0, performance.now() - started - waitedMs), error };
  return { attempt, outcome: retryOutcome(delivery, statusCode, settings, random) };
}
