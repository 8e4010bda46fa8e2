// Connector repository: connectors and their lease (one atomic UPDATE … WHERE the lease expired, on PGlite and PostgreSQL alike) and the run log; pages (connector-pages.ts) and the write-back outbox (connector-writebacks.ts) join it.
import { sql, type Kysely } from 'kysely';
import type {
  Connector,
  ConnectorRepository,
  ConnectorRun,
  FieldMapping,
  RunTrigger,
  WriteBackSettings,
} from '../../../core/ports/connectors.js';
import type { ConnectorType } from '../../../core/ports/connector-sources.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { createConnectorPageStore } from './connector-pages.js';
import { createConnectorWriteBackStore } from './connector-writebacks.js';

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

    ...createConnectorPageStore(db),
    ...createConnectorWriteBackStore(db),
  };
}
