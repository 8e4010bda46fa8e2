// Connector repository: connectors and their lease (one atomic UPDATE … WHERE the lease expired, on PGlite and PostgreSQL alike), the run log, pages upserted by remote id with their cursor in one transaction, and the write-back outbox.
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Connector,
  ConnectorRepository,
  ConnectorRun,
  FieldMapping,
  PendingWrite,
  RunTrigger,
  UnplannedRecord,
  WriteBackSettings,
} from '../../../core/ports/connectors.js';
import type { ConnectorType } from '../../../core/ports/connector-sources.js';
import { DomainError, notFound } from '../../../core/shared/domain-errors.js';
import type { CellValue, Classification } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { enqueueJobsFor } from './jobs.js';

interface ConnectorRow {
  id: number;
  workspace_id: number;
  type: string;
  name: string;
  base_url: string;
  credentials_sealed: string;
  dataset_id: number;
  field_mapping: FieldMapping;
  interval_seconds: number;
  write_back: { enabled: boolean; model_ids: number[]; mode: WriteBackSettings['mode']; field: string | null };
  enabled: boolean;
  status: string;
  status_message: string | null;
  cursor: string | null;
  next_run_at: Date;
  last_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface RunRow {
  id: string;
  connector_id: number;
  trigger: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  fetched: number;
  stored: number;
  written_back: number;
  skipped: number;
  error_kind: string | null;
  error_status: number | null;
  error_message: string | null;
}

const toConnector = (row: ConnectorRow): Connector => ({
  id: row.id,
  workspaceId: row.workspace_id,
  type: row.type as ConnectorType,
  name: row.name,
  baseUrl: row.base_url,
  sealedCredentials: row.credentials_sealed,
  datasetId: row.dataset_id,
  fieldMapping: row.field_mapping,
  intervalSeconds: row.interval_seconds,
  writeBack: {
    enabled: row.write_back.enabled,
    modelIds: row.write_back.model_ids,
    mode: row.write_back.mode,
    field: row.write_back.field,
  },
  enabled: row.enabled,
  status: row.status as Connector['status'],
  statusMessage: row.status_message,
  cursor: row.cursor,
  nextRunAt: new Date(row.next_run_at),
  lastRunAt: row.last_run_at === null ? null : new Date(row.last_run_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const toRun = (row: RunRow): ConnectorRun => ({
  id: String(row.id),
  connectorId: row.connector_id,
  trigger: row.trigger as RunTrigger,
  status: row.status as ConnectorRun['status'],
  startedAt: new Date(row.started_at),
  finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  fetched: row.fetched,
  stored: row.stored,
  writtenBack: row.written_back,
  skipped: row.skipped,
  error:
    row.error_kind === null
      ? null
      : { kind: row.error_kind, status: row.error_status, message: row.error_message ?? '' },
});

const writeBackJson = (w: WriteBackSettings) =>
  toJson({ enabled: w.enabled, model_ids: w.modelIds, mode: w.mode, field: w.field });

const seconds = (ms: number) => ms / 1000;

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

export function createConnectorRepository(db: Kysely<DatabaseSchema>): ConnectorRepository {
  const one = async (workspaceId: number, id: number) => {
    const { rows } = await sql<ConnectorRow>`
      select * from connectors where workspace_id = ${workspaceId} and id = ${id}`.execute(db);
    return rows[0] === undefined ? undefined : toConnector(rows[0]);
  };

  return {
    async create(input) {
      const { rows } = await sql<ConnectorRow>`
        insert into connectors (workspace_id, type, name, base_url, credentials_sealed, dataset_id, field_mapping,
          interval_seconds, write_back, enabled)
        values (${input.workspaceId}, ${input.type}, ${input.name}, ${input.baseUrl}, ${input.sealedCredentials},
          ${input.datasetId}, ${toJson(input.fieldMapping)}::jsonb, ${input.intervalSeconds},
          ${writeBackJson(input.writeBack)}::jsonb, ${input.enabled})
        returning *`.execute(db);
      return toConnector(rows[0] as ConnectorRow);
    },

    async list(workspaceId, page) {
      const [{ rows }, counted] = await Promise.all([
        sql<ConnectorRow>`select * from connectors where workspace_id = ${workspaceId}
          order by id offset ${page.offset} limit ${page.limit}`.execute(db),
        sql<{ total: string }>`select count(*) as total from connectors where workspace_id = ${workspaceId}`.execute(
          db,
        ),
      ]);
      return { items: rows.map(toConnector), total: Number(counted.rows[0]?.total ?? 0) };
    },

    get: one,

    async update(workspaceId, id, changes) {
      const sets = [
        changes.name === undefined ? null : sql`name = ${changes.name}`,
        changes.baseUrl === undefined ? null : sql`base_url = ${changes.baseUrl}`,
        changes.sealedCredentials === undefined ? null : sql`credentials_sealed = ${changes.sealedCredentials}`,
        changes.fieldMapping === undefined ? null : sql`field_mapping = ${toJson(changes.fieldMapping)}::jsonb`,
        changes.intervalSeconds === undefined ? null : sql`interval_seconds = ${changes.intervalSeconds}`,
        changes.writeBack === undefined ? null : sql`write_back = ${writeBackJson(changes.writeBack)}::jsonb`,
        changes.enabled === undefined ? null : sql`enabled = ${changes.enabled}`,
        // New credentials or a new address may be what an `error` needed: the connector runs again.
        changes.sealedCredentials === undefined && changes.baseUrl === undefined
          ? null
          : sql`status = case when status = 'error' then 'idle' else status end,
              status_message = case when status = 'error' then null else status_message end`,
      ].filter((s) => s !== null);
      const { rows } = await sql<ConnectorRow>`
        update connectors set ${sql.join([...sets, sql`updated_at = now()`])}
        where workspace_id = ${workspaceId} and id = ${id} returning *`.execute(db);
      return rows[0] === undefined ? undefined : toConnector(rows[0]);
    },

    async delete(workspaceId, id) {
      const result = await sql`delete from connectors where workspace_id = ${workspaceId} and id = ${id}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async requestSync(workspaceId, id) {
      const { rows } = await sql<ConnectorRow>`
        update connectors set next_run_at = now(), sync_requested = true,
          status = case when status = 'error' then 'idle' else status end,
          status_message = case when status = 'error' then null else status_message end
        where workspace_id = ${workspaceId} and id = ${id} returning *`.execute(db);
      return rows[0] === undefined ? undefined : toConnector(rows[0]);
    },

    async listRuns(connectorId, page) {
      const [{ rows }, counted] = await Promise.all([
        sql<RunRow>`select * from connector_runs where connector_id = ${connectorId}
          order by id desc offset ${page.offset} limit ${page.limit}`.execute(db),
        sql<{
          total: string;
        }>`select count(*) as total from connector_runs where connector_id = ${connectorId}`.execute(db),
      ]);
      return { items: rows.map(toRun), total: Number(counted.rows[0]?.total ?? 0) };
    },

    async claimDue(owner, leaseMs) {
      // One statement: the row is chosen and leased together, so two processes never both win it.
      const { rows } = await sql<ConnectorRow & { run_trigger: RunTrigger }>`
        update connectors set lease_owner = ${owner},
          lease_expires_at = now() + make_interval(secs => ${seconds(leaseMs)}),
          status = 'running', sync_requested = false,
          run_trigger = case when sync_requested then 'manual' else 'schedule' end
        where id = (
          select id from connectors
          where enabled and status <> 'error' and next_run_at <= now()
            and (lease_expires_at is null or lease_expires_at < now())
          order by next_run_at, id
          limit 1
          for update skip locked
        ) and (lease_expires_at is null or lease_expires_at < now())
        returning *`.execute(db);
      const row = rows[0];
      return row === undefined ? undefined : { connector: toConnector(row), trigger: row.run_trigger };
    },

    async renewLease(id, owner, leaseMs) {
      const result = await sql`
        update connectors set lease_expires_at = now() + make_interval(secs => ${seconds(leaseMs)})
        where id = ${id} and lease_owner = ${owner}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async release(id, owner, outcome) {
      await sql`
        update connectors set lease_owner = null, lease_expires_at = null, status = ${outcome.status},
          status_message = ${outcome.statusMessage}, last_run_at = now(),
          next_run_at = case when sync_requested then now() else ${outcome.nextRunAt} end
        where id = ${id} and lease_owner = ${owner}`.execute(db);
    },

    async startRun(connectorId, trigger) {
      return db.transaction().execute(async (trx) => {
        await sql`update connector_runs set status = 'interrupted', finished_at = now(),
            error_kind = 'interrupted', error_message = 'the process running it stopped before it finished'
          where connector_id = ${connectorId} and status = 'running'`.execute(trx);
        const { rows } = await sql<RunRow>`insert into connector_runs (connector_id, trigger)
          values (${connectorId}, ${trigger}) returning *`.execute(trx);
        return toRun(rows[0] as RunRow);
      });
    },

    async finishRun(runId, status, counts, error) {
      await sql`update connector_runs set status = ${status}, finished_at = now(), fetched = ${counts.fetched},
          stored = ${counts.stored}, written_back = ${counts.writtenBack}, skipped = ${counts.skipped},
          error_kind = ${error?.kind ?? null}, error_status = ${error?.status ?? null},
          error_message = ${error?.message ?? null}
        where id = ${runId}`.execute(db);
    },

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

    async completeWrite(id, outcome) {
      await sql`update connector_writebacks set status = ${outcome}, written_at = now(), locked_until = null
        where id = ${id}`.execute(db);
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
