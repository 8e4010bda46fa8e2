// The webhook dispatcher's batched statements: a tick's deliveries claimed per endpoint under a lease, and its attempts and outcomes written together.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { WebhookRepository } from '../../../core/ports/pipeline.js';
import { toJson, type DatabaseSchema, type WebhookDeliveriesTable } from '../schema.js';
import { toDelivery, toEndpoint } from './webhook-rows.js';

export function createWebhookBatchStore(
  db: Kysely<DatabaseSchema>,
): Pick<WebhookRepository, 'claimForSending' | 'recordAttempts'> {
  return {
    async claimForSending(limit, perEndpoint, leaseMs, skipEndpoints, perEndpointById = new Map()) {
      const skip = skipEndpoints.length === 0 ? [-1] : [...skipEndpoints];
      const caps = [...perEndpointById].map(([id, n]) => ({ id, n }));
      // Candidates are read without locks (up to 4 x limit, at most perEndpoint, or the endpoint's own cap, per
      // endpoint); only those taken are locked, so a tick locks what it sends however long the outbox is.
      const { rows } = await sql<Selectable<WebhookDeliveriesTable>>`
        update webhook_deliveries set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from webhook_deliveries
          where id in (
            select id from (
              select due.id, coalesce(cap.n, ${perEndpoint}) as cap,
                row_number() over (partition by due.endpoint_id order by due.next_attempt_at, due.id) as place
              from (
                select id, endpoint_id, next_attempt_at from webhook_deliveries
                where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
                  and endpoint_id not in (${sql.join(skip)})
                order by next_attempt_at, id
                limit ${limit * 4}
              ) due
              left join jsonb_to_recordset(${toJson(caps)}::jsonb) as cap(id integer, n integer) on cap.id = due.endpoint_id
            ) placed
            where place <= cap
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
  };
}
