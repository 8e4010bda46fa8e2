// A connector's write-back outbox: newly classified records planned into writes, claimed under a lease, completed or retried.
import { sql, type Kysely } from 'kysely';
import type { ConnectorRepository, PendingWrite, UnplannedRecord } from '../../../core/ports/connectors.js';
import type { Classification } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema } from '../schema.js';

const seconds = (ms: number) => ms / 1000;

export function createConnectorWriteBackStore(
  db: Kysely<DatabaseSchema>,
): Pick<
  ConnectorRepository,
  'unplanned' | 'countUnclassified' | 'plan' | 'claimWrites' | 'completeWrites' | 'retryWrite'
> {
  return {
    async unplanned(connectorId, limit) {
      const { rows } = await sql<{
        record_id: string;
        remote_id: string;
        revision: number;
        classifications: Record<string, Classification>;
        needs_review: string[];
      }>`
        select cr.record_id, cr.remote_id, cr.revision, r.classifications, r.needs_review
        from connector_records cr join records r on r.id = cr.record_id
        where cr.connector_id = ${connectorId} and cr.planned_revision is distinct from cr.revision
          and r.classifications is not null
        order by cr.record_id limit ${limit}`.execute(db);
      return rows.map((r): UnplannedRecord => ({
        recordId: String(r.record_id),
        remoteId: r.remote_id,
        revision: r.revision,
        classifications: r.classifications,
        needsReview: r.needs_review,
      }));
    },

    async countUnclassified(connectorId) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from connector_records cr join records r on r.id = cr.record_id
          join datasets d on d.id = r.dataset_id
        where cr.connector_id = ${connectorId} and cr.planned_revision is distinct from cr.revision
          and r.classifications is null and jsonb_array_length(d.model_ids) > 0`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async plan(connectorId, records, writes) {
      if (records.length === 0) return;
      await db.transaction().execute(async (trx) => {
        if (writes.length > 0)
          await sql`insert into connector_writebacks (connector_id, record_id, model_id, model_version, revision,
              remote_id, labels, marker)
            select ${connectorId}, v.record_id, v.model_id, v.model_version, v.revision, v.remote_id, v.labels, v.marker
            from jsonb_to_recordset(${toJson(
              writes.map((w) => ({
                record_id: w.recordId,
                model_id: w.modelId,
                model_version: w.modelVersion,
                revision: w.revision,
                remote_id: w.remoteId,
                labels: w.labels,
                marker: w.marker,
              })),
            )}::jsonb) as v(record_id bigint, model_id integer, model_version integer, revision integer,
              remote_id text, labels jsonb, marker text)
            on conflict do nothing`.execute(trx);
        await sql`update connector_records set planned_revision = v.revision
          from jsonb_to_recordset(${toJson(records.map((r) => ({ id: r.recordId, revision: r.revision })))}::jsonb)
            as v(id bigint, revision integer)
          where connector_records.connector_id = ${connectorId} and connector_records.record_id = v.id
            and (connector_records.planned_revision is null or connector_records.planned_revision < v.revision)`.execute(
          trx,
        );
      });
    },

    async claimWrites(connectorId, limit, leaseMs) {
      const { rows } = await sql<{
        id: string;
        record_id: string;
        remote_id: string;
        revision: number;
        model_id: number;
        model_version: number;
        labels: string[];
        marker: string;
        attempts: number;
      }>`
        update connector_writebacks set attempts = attempts + 1,
          locked_until = now() + make_interval(secs => ${seconds(leaseMs)})
        where id in (
          select id from connector_writebacks
          where connector_id = ${connectorId} and status = 'pending' and run_after <= now()
            and (locked_until is null or locked_until < now())
          order by run_after, id limit ${limit}
          for update skip locked
        )
        returning id, record_id, remote_id, revision, model_id, model_version, labels, marker, attempts`.execute(db);
      return rows
        .map((r): PendingWrite => ({
          id: String(r.id),
          recordId: String(r.record_id),
          remoteId: r.remote_id,
          revision: r.revision,
          modelId: r.model_id,
          modelVersion: r.model_version,
          labels: r.labels,
          marker: r.marker,
          attempts: r.attempts,
        }))
        .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
    },

    async completeWrites(done) {
      if (done.length === 0) return;
      await sql`update connector_writebacks set status = v.outcome, written_at = now(), locked_until = null
        from jsonb_to_recordset(${toJson(done)}::jsonb) as v(id bigint, outcome text)
        where connector_writebacks.id = v.id`.execute(db);
    },

    async retryWrite(id, error, delayMs) {
      await (
        delayMs === null
          ? sql`update connector_writebacks set status = 'failed', last_error = ${error}, locked_until = null
            where id = ${id}`
          : sql`update connector_writebacks set last_error = ${error}, locked_until = null,
            run_after = now() + make_interval(secs => ${seconds(delayMs)}) where id = ${id}`
      ).execute(db);
    },
  };
}
