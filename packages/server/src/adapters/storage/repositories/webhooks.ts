// Webhook repository: endpoints of a workspace, the delivery outbox (claimed with FOR UPDATE SKIP LOCKED) and its attempt log.
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  DeliveryAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRepository,
} from '../../../core/ports/pipeline.js';
import {
  toJson,
  type DatabaseSchema,
  type WebhookAttemptsTable,
  type WebhookDeliveriesTable,
  type WebhookEndpointsTable,
} from '../schema.js';

function toEndpoint(row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
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

function toAttempt(row: Selectable<WebhookAttemptsTable>): DeliveryAttempt {
  return { attemptedAt: row.attempted_at, statusCode: row.status_code, latencyMs: row.latency_ms, error: row.error };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>, attempts: DeliveryAttempt[]): WebhookDelivery {
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
    return rows.map((row) =>
      toDelivery(row, attempts.filter((a) => String(a.delivery_id) === String(row.id)).map(toAttempt)),
    );
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
      const { rows } = await sql<Selectable<WebhookDeliveriesTable>>`
        update webhook_deliveries set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        returning *`.execute(db);
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
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: id,
            attempted_at: attempt.attemptedAt,
            status_code: attempt.statusCode,
            latency_ms: Math.max(0, Math.round(attempt.latencyMs)),
            error: attempt.error,
          })
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: outcome.status,
            next_attempt_at: outcome.nextAttemptAt,
            retries: outcome.retries,
            locked_until: null,
          })
          .where('id', '=', id)
          .execute();
      });
    },

    async claimForSending(limit, perEndpoint, leaseMs, skipEndpoints) {
      const skip = skipEndpoints.length === 0 ? [-1] : [...skipEndpoints];
      // Candidates are read without locks (up to 4 x limit, at most perEndpoint per endpoint); only those taken are
      // locked, so a tick locks what it sends however long the outbox is.
      const { rows } = await sql<Selectable<WebhookDeliveriesTable>>`
        update webhook_deliveries set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from webhook_deliveries
          where id in (
            select id from (
              select id, row_number() over (partition by endpoint_id order by next_attempt_at, id) as place from (
                select id, endpoint_id, next_attempt_at from webhook_deliveries
                where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
                  and endpoint_id not in (${sql.join(skip)})
                order by next_attempt_at, id
                limit ${limit * 4}
              ) due
            ) placed
            where place <= ${perEndpoint}
            order by id
            limit ${limit}
          )
          and status = 'pending' and (locked_until is null or locked_until < now())
          for update skip locked
        )
        returning *`.execute(db);
      if (rows.length === 0) return [];
      const endpoints = new Map(
        (
          await db
            .selectFrom('webhook_endpoints')
            .selectAll()
            .where('id', 'in', [...new Set(rows.map((r) => r.endpoint_id))])
            .execute()
        ).map((e) => [e.id, toEndpoint(e)]),
      );
      return rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .flatMap((row) => {
          const endpoint = endpoints.get(row.endpoint_id);
          return endpoint ? [{ delivery: toDelivery(row, []), endpoint }] : [];
        });
    },

    async recordAttempts(list) {
      if (list.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // A delivery deleted while it was in flight (its endpoint deleted) gets no attempt: the others of the tick are
        // still recorded (a foreign-key failure would otherwise lose the whole tick).
        const attempts = list.map(({ id, attempt }) => ({
          id,
          at: attempt.attemptedAt.toISOString(),
          code: attempt.statusCode,
          ms: Math.max(0, Math.round(attempt.latencyMs)),
          error: attempt.error,
        }));
        await sql`
          insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
          select v.id, v.at, v.code, v.ms, v.error
          from jsonb_to_recordset(${toJson(attempts)}::jsonb) as v(id bigint, at timestamptz, code integer, ms integer, error text)
          join webhook_deliveries d on d.id = v.id
          for key share of d`.execute(trx);
        const outcomes = list.map(({ id, outcome }) => ({
          id,
          status: outcome.status,
          next: outcome.nextAttemptAt?.toISOString() ?? null,
          retries: outcome.retries,
        }));
        await sql`
          update webhook_deliveries set status = v.status, next_attempt_at = v.next, retries = v.retries, locked_until = null
          from jsonb_to_recordset(${toJson(outcomes)}::jsonb) as v(id bigint, status text, next timestamptz, retries integer)
          where webhook_deliveries.id = v.id`.execute(trx);
      });
    },

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
