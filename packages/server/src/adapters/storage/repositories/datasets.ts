// Dataset repository: column definitions, attached models, status and row count, scoped to a workspace.
import type { Kysely, Selectable } from 'kysely';
import { notFound } from '../../../core/shared/domain-errors.js';
import type { DatasetRepository } from '../../../core/ports/repositories.js';
import type { Dataset } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema, type DatasetsTable } from '../schema.js';
import { assertStorable } from '../storable-fields.js';

export function toDataset(row: Selectable<DatasetsTable>): Dataset {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    columns: row.columns,
    textColumn: row.text_column,
    modelIds: row.model_ids,
    status: row.status,
    rowCount: Number(row.row_count),
    createdAt: row.created_at,
  };
}

export function createDatasetRepository(db: Kysely<DatabaseSchema>): DatasetRepository {
  return {
    async create(input) {
      assertStorable({ name: input.name, columns: input.columns, text_column: input.textColumn });
      const row = await db
        .insertInto('datasets')
        .values({
          workspace_id: input.workspaceId,
          name: input.name,
          columns: toJson(input.columns),
          text_column: input.textColumn,
          model_ids: toJson(input.modelIds),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDataset(row);
    },

    async list(workspaceId, page) {
      const scoped = db.selectFrom('datasets').where('workspace_id', '=', workspaceId);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toDataset), total: Number(counted.total) };
    },

    async get(workspaceId, id) {
      const row = await db
        .selectFrom('datasets')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toDataset(row);
    },

    async setStatus(workspaceId, id, status) {
      const result = await db
        .updateTable('datasets')
        .set({ status })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound(`dataset ds_${id}`);
    },
  };
}
