// A connector's pages: the tickets of one page upserted by their remote id, with the cursor moved, in one transaction held by the lease.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConnectorRepository } from '../../../core/ports/connectors.js';
import { DomainError, notFound } from '../../../core/shared/domain-errors.js';
import type { CellValue } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { enqueueJobsFor } from './jobs.js';

/** The lease was lost (it expired and another process holds the connector now): the page is not stored. */
export const leaseLost = (id: number): DomainError =>
  new DomainError('CONFLICT', `connector ${id} is no longer leased by this process`);

/** Same JSON, whatever the key order. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v)
          .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
          .map(([k, inner]) => [k, canonical(inner)])
      : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export function createConnectorPageStore(db: Kysely<DatabaseSchema>): Pick<ConnectorRepository, 'storePage'> {
  return {
    async storePage(connectorId, owner, tickets, cursor, jobsFor) {
      tickets.forEach((t, index) => {
        const context = `ticket ${t.remoteId} (${index + 1} of ${tickets.length})`;
        assertStorable(t.values, context);
        assertStorable(t.metadata, context);
      });
      return db.transaction().execute(async (trx) => {
        // The cursor moves only while this process holds the lease; otherwise nothing of the page is stored. A lease
        // that ran out (a slow page) is still this process's until another claims it: claiming replaces the owner.
        const { rows: held } = await sql<{ dataset_id: number; workspace_id: number }>`
          update connectors set cursor = ${cursor}
          where id = ${connectorId} and lease_owner = ${owner}
          returning dataset_id, workspace_id`.execute(trx);
        const connector = held[0];
        if (connector === undefined) throw leaseLost(connectorId);
        // The last version of a ticket within the page counts.
        const latest = new Map(tickets.map((t) => [t.remoteId, t]));
        const known = await existing(trx, connectorId, [...latest.keys()]);
        const fresh: typeof tickets = [];
        const changed: Array<{ recordId: string; ticket: (typeof tickets)[number] }> = [];
        let unchanged = tickets.length - latest.size;
        for (const ticket of latest.values()) {
          const stored = known.get(ticket.remoteId);
          if (stored === undefined) fresh.push(ticket);
          else if (sameJson(stored.values, ticket.values) && sameJson(stored.metadata, ticket.metadata)) unchanged += 1;
          else changed.push({ recordId: stored.recordId, ticket });
        }
        const recordIds: string[] = [];
        if (fresh.length > 0) {
          const { rows: models } = await sql<{ model_ids: number[] }>`
            update datasets set row_count = row_count + ${fresh.length} where id = ${connector.dataset_id}
            returning model_ids`.execute(trx);
          if (models[0] === undefined) throw notFound(`dataset ds_${connector.dataset_id}`);
          const inserted = await trx
            .insertInto('records')
            .values(
              fresh.map((t) => ({
                dataset_id: connector.dataset_id,
                values: toJson(t.values),
                metadata: toJson(t.metadata),
              })),
            )
            .returning('id')
            .execute();
          await sql`insert into connector_records (connector_id, remote_id, record_id, remote_updated_at)
            select ${connectorId}, v.remote_id, v.record_id, v.updated_at
            from jsonb_to_recordset(${toJson(
              fresh.map((t, i) => ({
                remote_id: t.remoteId,
                record_id: (inserted[i] as { id: string }).id,
                updated_at: t.remoteUpdatedAt,
              })),
            )}::jsonb) as v(remote_id text, record_id bigint, updated_at text)`.execute(trx);
          recordIds.push(...inserted.map((r) => r.id));
        }
        if (changed.length > 0) {
          const values = changed.map(({ recordId, ticket }) => ({
            id: recordId,
            v: ticket.values,
            m: ticket.metadata,
            u: ticket.remoteUpdatedAt,
          }));
          // An edited ticket is a new revision: its record is classified again and written back again.
          await sql`update records set values = v.v, metadata = v.m, classifications = null, needs_review = '[]'::jsonb,
              skipped_models = '{}'::jsonb, failed_models = '{}'::jsonb, classified_at = null
            from jsonb_to_recordset(${toJson(values)}::jsonb) as v(id bigint, v jsonb, m jsonb, u text)
            where records.id = v.id`.execute(trx);
          await sql`update connector_records set revision = revision + 1, remote_updated_at = v.u
            from jsonb_to_recordset(${toJson(values)}::jsonb) as v(id bigint, v jsonb, m jsonb, u text)
            where connector_records.record_id = v.id`.execute(trx);
          // The labels of an older revision are not written any more: the new revision's follow its classification.
          await sql`update connector_writebacks set status = 'superseded', locked_until = null
            where connector_id = ${connectorId} and status = 'pending'
              and record_id in (select jsonb_array_elements_text(${toJson(changed.map((c) => c.recordId))}::jsonb)::bigint)`.execute(
            trx,
          );
          recordIds.push(...changed.map((c) => c.recordId));
        }
        if (recordIds.length > 0) {
          const { rows: models } = await sql<{ model_ids: number[] }>`
            select model_ids from datasets where id = ${connector.dataset_id}`.execute(trx);
          await enqueueJobsFor(
            trx,
            jobsFor,
            {
              workspaceId: connector.workspace_id,
              datasetId: connector.dataset_id,
              modelIds: models[0]?.model_ids ?? [],
              recordIds,
            },
            undefined,
          );
        }
        return { stored: recordIds.length, unchanged };
      });
    },
  };
}

async function existing(
  trx: Transaction<DatabaseSchema>,
  connectorId: number,
  remoteIds: string[],
): Promise<Map<string, { recordId: string; values: Record<string, CellValue>; metadata: Record<string, string> }>> {
  if (remoteIds.length === 0) return new Map();
  const { rows } = await sql<{
    remote_id: string;
    record_id: string;
    values: Record<string, CellValue>;
    metadata: Record<string, string>;
  }>`
    select cr.remote_id, cr.record_id, r.values, r.metadata
    from connector_records cr join records r on r.id = cr.record_id
    where cr.connector_id = ${connectorId}
      and cr.remote_id in (select jsonb_array_elements_text(${toJson(remoteIds)}::jsonb))
    for update of cr`.execute(trx);
  return new Map(
    rows.map((r) => [r.remote_id, { recordId: String(r.record_id), values: r.values, metadata: r.metadata }]),
  );
}
