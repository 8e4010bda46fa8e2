// Model repository: classifier definitions (labels, config, metrics) scoped to a workspace; a new model's definition is its version 1.
import type { Kysely, Selectable } from 'kysely';
import type { ModelRepository } from '../../../core/ports/repositories.js';
import type { Model } from '../../../core/shared/types.js';
import { toJson, type DatabaseSchema, type ModelsTable } from '../schema.js';
import { assertStorable, findUnstorable } from '../storable-fields.js';

export function toModel(row: Selectable<ModelsTable>): Model {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    type: row.type,
    status: row.status,
    labels: row.labels,
    config: row.config,
    metrics: row.metrics,
    trainingExamples: row.training_examples,
    lastTrained: row.last_trained,
    confidenceThreshold: row.confidence_threshold,
    description: row.description,
    version: row.version,
    previousVersion: row.previous_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createModelRepository(db: Kysely<DatabaseSchema>): ModelRepository {
  return {
    async list(workspaceId, page, filter = {}) {
      let scoped = db.selectFrom('models').where('workspace_id', '=', workspaceId);
      if (filter.status !== undefined) scoped = scoped.where('status', '=', filter.status);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toModel), total: Number(counted.total) };
    },

    async get(workspaceId, id) {
      const row = await db
        .selectFrom('models')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toModel(row);
    },

    async findByName(workspaceId, name) {
      // No stored model can carry a name the database cannot store; create() refuses it naming the field.
      if (findUnstorable(name, 'name') !== undefined) return undefined;
      const row = await db
        .selectFrom('models')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row && toModel(row);
    },

    async create(input) {
      assertStorable({ name: input.name, labels: input.labels, config: input.config, metrics: input.metrics });
      const version = input.version === null ? null : 1;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('models')
          .values({
            workspace_id: input.workspaceId,
            name: input.name,
            type: input.type,
            status: input.status,
            labels: toJson(input.labels),
            config: toJson(input.config),
            metrics: toJson(input.metrics),
            training_examples: input.trainingExamples,
            last_trained: input.lastTrained,
            confidence_threshold: input.confidenceThreshold,
            version,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (version === 1) {
          await trx
            .insertInto('model_versions')
            .values({
              model_id: row.id,
              version: 1,
              labels: toJson(input.labels),
              config: toJson(input.config),
              metrics: toJson(input.metrics),
              training_examples: input.trainingExamples,
              trained_at: input.lastTrained,
              head_graph: null,
            })
            .execute();
        }
        return toModel(row);
      });
    },
  };
}
