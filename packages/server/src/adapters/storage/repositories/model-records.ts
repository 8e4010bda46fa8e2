// A model's training examples by id (a page by label, edit, delete) and the evaluations of its versions, kept one row each. Example ids come checked by the contract's pattern (at most 18 digits, inside bigint).
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  ModelEvaluation,
  ModelEvaluationRepository,
  ModelExampleRepository,
} from '../../../core/ports/model-records.js';
import type { ModelExample } from '../../../core/lifecycle/types.js';
import { toJson, type DatabaseSchema, type ModelEvaluationsTable, type ModelExamplesTable } from '../schema.js';
import { assertStorable, findUnstorable } from '../storable-fields.js';

/** PostgreSQL's unique_violation: another example of the model has the text (model_examples_model_id_text_key). */
const UNIQUE_VIOLATION = '23505';

export function toExample(row: Selectable<ModelExamplesTable>): ModelExample {
  return {
    id: String(row.id),
    text: row.text,
    label: row.label,
    ...(row.labels === null ? {} : { labels: row.labels }),
    source: row.source,
    createdAt: row.created_at,
  };
}

function toEvaluation(row: Selectable<ModelEvaluationsTable>): ModelEvaluation {
  return {
    id: String(row.id),
    modelId: row.model_id,
    version: row.version,
    metrics: row.metrics,
    source: row.source,
    datasetId: row.dataset_id,
    createdAt: row.created_at,
  };
}

export function createModelExampleRepository(db: Kysely<DatabaseSchema>): ModelExampleRepository {
  const ofModel = (modelId: number, label: string | undefined) => {
    let scoped = db.selectFrom('model_examples').where('model_id', '=', modelId);
    // A multi-label example has the label among its labels; a single-label one as its label.
    if (label !== undefined) scoped = scoped.where(sql<boolean>`coalesce(labels, jsonb_build_array(label)) ? ${label}`);
    return scoped;
  };
  return {
    async list(modelId, page, filter) {
      // A label the database cannot store is on no example.
      if (filter.label !== undefined && findUnstorable(filter.label, 'label') !== undefined)
        return { items: [], total: 0 };
      const [rows, counted] = await Promise.all([
        ofModel(modelId, filter.label).selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
        ofModel(modelId, filter.label)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toExample), total: Number(counted.total) };
    },

    async get(modelId, exampleId) {
      const row = await db
        .selectFrom('model_examples')
        .selectAll()
        .where('model_id', '=', modelId)
        .where('id', '=', exampleId as never)
        .executeTakeFirst();
      return row && toExample(row);
    },

    async update(modelId, exampleId, change, source) {
      assertStorable({ text: change.text, label: change.label, labels: change.labels ?? [] });
      try {
        const row = await db
          .updateTable('model_examples')
          .set({
            text: change.text,
            label: change.label,
            labels: change.labels === undefined ? null : toJson(change.labels),
            source,
          })
          .where('model_id', '=', modelId)
          .where('id', '=', exampleId as never)
          .returningAll()
          .executeTakeFirst();
        return row && toExample(row);
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return 'conflict';
        throw error;
      }
    },

    async remove(modelId, exampleId) {
      const result = await db
        .deleteFrom('model_examples')
        .where('model_id', '=', modelId)
        .where('id', '=', exampleId as never)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export function createModelEvaluationRepository(db: Kysely<DatabaseSchema>): ModelEvaluationRepository {
  const ofModel = (modelId: number, version: number | undefined) => {
    let scoped = db.selectFrom('model_evaluations').where('model_id', '=', modelId);
    if (version !== undefined) scoped = scoped.where('version', '=', version);
    return scoped;
  };
  return {
    async add(evaluation) {
      assertStorable({ metrics: evaluation.metrics });
      const row = await db
        .insertInto('model_evaluations')
        .values({
          model_id: evaluation.modelId,
          version: evaluation.version,
          metrics: toJson(evaluation.metrics),
          source: evaluation.source,
          dataset_id: evaluation.datasetId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEvaluation(row);
    },

    async list(modelId, page, filter) {
      const [rows, counted] = await Promise.all([
        ofModel(modelId, filter.version)
          .selectAll()
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        ofModel(modelId, filter.version)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEvaluation), total: Number(counted.total) };
    },
  };
}
