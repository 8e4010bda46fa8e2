// A delivery attempt's outcome from its answer: succeeded on 2xx, failed on 410 Gone or with no retry left, else pending again after the schedule's next delay with jitter.
import type { DeliveryStatus, WebhookDelivery } from '../ports/pipeline.js';

export interface DeliveryOutcomeValue {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  retries: number;
}

/** The outcome of an attempt that answered `statusCode` (null: no answer), retries scheduled by `scheduleMs`. */
export function retryOutcome(
  delivery: WebhookDelivery,
  statusCode: number | null,
  schedule: { scheduleMs: readonly number[]; jitter: number },
  random: () => number,
): DeliveryOutcomeValue {
  if (statusCode !== null && statusCode >= 200 && statusCode <= 299)
    return { status: 'succeeded', nextAttemptAt: null, retries: delivery.retries };
  const delay = schedule.scheduleMs[delivery.retries];
  if (statusCode === 410 || delay === undefined)
    return { status: 'failed', nextAttemptAt: null, retries: delivery.retries };
  const jittered = delay * (1 + (random() * 2 - 1) * schedule.jitter);
  return { status: 'pending', nextAttemptAt: new Date(Date.now() + jittered), retries: delivery.retries + 1 };
}
