// Webhook rows as the core sees them: an endpoint, a delivery with its attempts, one attempt.
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
