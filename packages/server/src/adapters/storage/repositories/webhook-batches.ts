// The webhook dispatcher's batched statements: a tick's deliveries claimed per endpoint under a lease, and its attempts and outcomes written in one statement.
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

/** An attempt with the outcome it leads to, as the dispatcher records it. */
type AttemptRecord = Parameters<WebhookRepository['recordAttempts']>[0][number];

/**
 * Records attempts and their outcomes in one statement: each delivery's outcome is set and its lease ended; an attempt
 * is stored on the delivery row when the row has none yet (its first: a delivery that succeeds at once costs this one
 * row update), else inserted into webhook_attempts. Whether the row already had one is decided on the row's latest
 * version (two processes recording the same delivery keep both attempts). A delivery deleted while in flight (its
 * endpoint deleted) gets nothing, and the others are still recorded.
 */
export function recordStatement(list: readonly AttemptRecord[]): RawBuilder<unknown> {
  const values = list.map(({ id, attempt, outcome }) => ({
    id,
    at: attempt.attemptedAt.toISOString(),
    code: attempt.statusCode,
    ms: Math.max(0, Math.round(attempt.latencyMs)),
    error: attempt.error,
    status: outcome.status,
    next: outcome.nextAttemptAt?.toISOString() ?? null,
    retries: outcome.retries,
  }));
  const first = (column: string, value: string) =>
    sql.raw(`${column} = case when d.first_attempted_at is null then v.${value} else d.${column} end`);
  return sql`
    with v as (
      select * from jsonb_to_recordset(${toJson(values)}::jsonb) as v(id bigint, at timestamptz, code integer,
        ms integer, error text, status text, next timestamptz, retries integer)
    ), recorded as (
      update webhook_deliveries d set status = v.status, next_attempt_at = v.next, retries = v.retries,
        locked_until = null, ${first('first_status_code', 'code')}, ${first('first_latency_ms', 'ms')},
        ${first('first_error', 'error')}, first_attempted_at = coalesce(d.first_attempted_at, v.at)
      from v where d.id = v.id
      returning d.id, d.first_attempted_at, d.first_status_code, d.first_latency_ms, d.first_error
    )
    insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
    select v.id, v.at, v.code, v.ms, v.error from v join recorded r on r.id = v.id
    where (r.first_attempted_at, r.first_status_code, r.first_latency_ms, r.first_error)
      is distinct from (v.at, v.code, v.ms, v.error)`;
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
      if (list.length > 0) await recordStatement(list).execute(db);
    },
  };
}
