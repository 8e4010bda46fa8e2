// Webhook repository: endpoints of a workspace, the delivery outbox (claimed with FOR UPDATE SKIP LOCKED) and its attempt log (the first attempt on the delivery row).
import { type Kysely, type Selectable } from 'kysely';
import type { DeliveryAttempt, WebhookDelivery, WebhookRepository } from '../../../core/ports/pipeline.js';
import { toJson, type DatabaseSchema, type WebhookDeliveriesTable } from '../schema.js';
import { claimStatement, createWebhookBatchStore, recordStatement } from './webhook-batches.js';
import { firstAttempt, toAttempt, toDelivery, toEndpoint } from './webhook-rows.js';

export function createWebhookRepository(db: Kysely<DatabaseSchema>): WebhookRepository {
  const withAttempts = async (rows: Selectable<WebhookDeliveriesTable>[]): Promise<WebhookDelivery[]> => {
    if (rows.length === 0) return [];
    const attempts = await db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where(
        'delivery_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    const later = new Map<string, DeliveryAttempt[]>();
    for (const a of attempts)
      later.set(String(a.delivery_id), [...(later.get(String(a.delivery_id)) ?? []), toAttempt(a)]);
    // The first attempt is stored on the row (migration 0016); webhook_attempts holds the later ones, in order.
    return rows.map((row) => toDelivery(row, [...firstAttempt(row), ...(later.get(String(row.id)) ?? [])]));
  };

  return {
    async create(input) {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          workspace_id: input.workspaceId,
          url: input.url,
          events: toJson(input.events),
          enabled: input.enabled,
          secret: input.secret,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEndpoint(row);
    },

    async list(workspaceId, page) {
      const scoped = db.selectFrom('webhook_endpoints').where('workspace_id', '=', workspaceId);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEndpoint), total: Number(counted.total) };
    },

    async listEnabled(workspaceId) {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('enabled', '=', true)
        .orderBy('id')
        .execute();
      return rows.map(toEndpoint);
    },

    async get(workspaceId, id) {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEndpoint(row);
    },

    async update(workspaceId, id, changes) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({
          updated_at: new Date(),
          ...(changes.url === undefined ? {} : { url: changes.url }),
          ...(changes.events === undefined ? {} : { events: toJson(changes.events) }),
          ...(changes.enabled === undefined ? {} : { enabled: changes.enabled, disabled_reason: null }),
          ...(changes.secret === undefined ? {} : { secret: changes.secret }),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toEndpoint(row);
    },

    async delete(workspaceId, id) {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async disable(id, reason) {
      await db
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async listDeliveries(endpointId, page) {
      const scoped = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: await withAttempts(rows), total: Number(counted.total) };
    },

    async getDelivery(endpointId, id) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withAttempts([row]))[0];
    },

    async claimDue(limit, leaseMs) {
      // The oldest due of all endpoints, up to `limit` (no endpoint capped below it), read per endpoint as the dispatcher's claim.
      const { rows } = await claimStatement(limit, limit, leaseMs, [], new Map()).execute(db);
      if (rows.length === 0) return [];
      const endpoints = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where(
          'id',
          'in',
          rows.map((r) => r.endpoint_id),
        )
        .execute();
      const deliveries = await withAttempts(rows);
      return deliveries.flatMap((delivery) => {
        const endpoint = endpoints.find((e) => e.id === delivery.endpointId);
        return endpoint ? [{ delivery, endpoint: toEndpoint(endpoint) }] : [];
      });
    },

    async recordAttempt(id, attempt, outcome) {
      await recordStatement([{ id, attempt, outcome }]).execute(db);
    },

    ...createWebhookBatchStore(db),
    async redeliver(endpointId, id) {
      const row = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: new Date(), retries: 0, locked_until: null })
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && (await withAttempts([row]))[0];
    },
  };
}
