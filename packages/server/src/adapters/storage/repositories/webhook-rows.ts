// Webhook rows as the core sees them: an endpoint, a delivery with its attempts (the first on its row, the later ones in webhook_attempts), one attempt.
import type { Selectable } from 'kysely';
import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from '../../../core/ports/pipeline.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../schema.js';

export function toEndpoint(row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    secret: row.secret,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAttempt(row: Selectable<WebhookAttemptsTable>): DeliveryAttempt {
  return { attemptedAt: row.attempted_at, statusCode: row.status_code, latencyMs: row.latency_ms, error: row.error };
}

/** The attempt stored on the delivery row (its first), if any. */
export function firstAttempt(row: Selectable<WebhookDeliveriesTable>): DeliveryAttempt[] {
  if (row.first_attempted_at === null || row.first_latency_ms === null) return [];
  return [
    {
      attemptedAt: row.first_attempted_at,
      statusCode: row.first_status_code,
      latencyMs: row.first_latency_ms,
      error: row.first_error,
    },
  ];
}

export function toDelivery(row: Selectable<WebhookDeliveriesTable>, attempts: DeliveryAttempt[]): WebhookDelivery {
  return {
    id: String(row.id),
    endpointId: row.endpoint_id,
    event: row.event,
    messageId: row.message_id,
    body: row.body,
    status: row.status,
    retries: row.retries,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    attempts,
    ...(row.trace_context === null ? {} : { traceContext: row.trace_context }),
  };
}
