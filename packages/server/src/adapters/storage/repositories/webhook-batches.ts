// The webhook dispatcher's batched statements: a tick's deliveries claimed per endpoint under a lease, and its attempts and outcomes written together.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { WebhookRepository } from '../../../core/ports/pipeline.js';
import { toJson, type DatabaseSchema, type WebhookDeliveriesTable } from '../schema.js';
import { toDelivery, toEndpoint } from './webhook-rows.js';

/**
 * The claim: each endpoint's due range read from webhook_deliveries_endpoint_due_idx in claim order, up to its cap in
 * `perEndpointById` (else `perEndpoint`), rows another claimer holds skipped (FOR UPDATE SKIP LOCKED); the oldest due
 * of those, up to `limit`, leased and returned. It reads the rows it takes and those still leased ahead of them, however
 * long the outbox is, and updates them through the primary key (an `= any(array(…))`, never a join the planner could
 * turn into a scan of the outbox).
 */
export function claimStatement(
  limit: number,
  perEndpoint: number,
  leaseMs: number,
  skipEndpoints: readonly number[],
  perEndpointById: ReadonlyMap<number, number>,
): RawBuilder<Selectable<WebhookDeliveriesTable>> {
  const skip = skipEndpoints.length === 0 ? [-1] : [...skipEndpoints];
  const caps = [...perEndpointById].map(([id, n]) => ({ id, n }));
  return sql<Selectable<WebhookDeliveriesTable>>`
    update webhook_deliveries set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = any(array(
      select due.id from (
        select e.id, coalesce(cap.n, ${perEndpoint}) as n from webhook_endpoints e
        left join jsonb_to_recordset(${toJson(caps)}::jsonb) as cap(id integer, n integer) on cap.id = e.id
        where e.id not in (${sql.join(skip)})
      ) endpoint
      cross join lateral (
        select id, next_attempt_at from webhook_deliveries
        where endpoint_id = endpoint.id and status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, id
        limit endpoint.n
        for update skip locked
      ) due
      order by due.next_attempt_at, due.id
      limit ${limit}
    ))
    returning *`;
}

export function createWebhookBatchStore(
  db: Kysely<DatabaseSchema>,
): Pick<WebhookRepository, 'claimForSending' | 'releaseClaims' | 'recordAttempts'> {
  return {
    async claimForSending(limit, perEndpoint, leaseMs, skipEndpoints, perEndpointById = new Map()) {
      const { rows } = await claimStatement(limit, perEndpoint, leaseMs, skipEndpoints, perEndpointById).execute(db);
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

    async releaseClaims(ids) {
      if (ids.length === 0) return;
      await sql`update webhook_deliveries set locked_until = null
        where id = any(${[...ids]}::bigint[]) and status = 'pending' and locked_until > now()`.execute(db);
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
  };
}
