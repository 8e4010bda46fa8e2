// Model lifecycle storage: versions with their ONNX head graphs, labelled examples and state changes under a row lock; training jobs from training-jobs.ts.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModelLifecycleRepository } from '../../../core/ports/lifecycle.js';
import type { LabelledText, ModelVersion } from '../../../core/lifecycle/types.js';
import { toJson, type DatabaseSchema, type ModelVersionsTable } from '../schema.js';
import { assertStorable } from '../storable-fields.js';
import { toModel } from './models.js';
import { createTrainingJobStore } from './training-jobs.js';
import { createHeldOutStore, insertHeldOut } from './held-out.js';

/** Stores examples (a text already there gets the new label; the last label given for a text wins); returns how many were new. Runs on `db` or inside a caller's transaction. */
export async function upsertExamples(
  db: Kysely<DatabaseSchema>,
  modelId: number,
  examples: LabelledText[],
  source: string,
): Promise<number> {
  if (examples.length === 0) return 0;
  assertStorable({ examples });
  // One row per text (the last label given wins): an upsert may not touch a row twice in one statement.
  const unique = [...new Map(examples.map((e) => [e.text, e])).values()];
  let added = 0;
  for (let start = 0; start < unique.length; start += 1000) {
    const chunk = unique.slice(start, start + 1000);
    // `labels` (multi-label examples only) rides along as a JSON array; single-label rows keep it null.
    const { rows } = await sql<{ inserted: boolean }>`
      insert into model_examples (model_id, text, label, labels, source)
      select ${modelId}, e.text, e.label, e.labels, ${source} from jsonb_to_recordset(${toJson(chunk)}::jsonb) as e(text text, label text, labels jsonb)
      on conflict (model_id, md5(text)) do update set label = excluded.label, labels = excluded.labels, source = excluded.source
      returning (xmax = 0) as inserted`.execute(db);
    added += rows.filter((r) => r.inserted).length;
  }
  return added;
}

const VERSION_COLUMNS = [
  'model_id',
  'version',
  'labels',
  'config',
  'metrics',
  'training_examples',
  'trained_at',
  'created_at',
] as const;

function toVersion(row: Omit<Selectable<ModelVersionsTable>, 'head_graph'> & { has_head: boolean }): ModelVersion {
  return {
    modelId: row.model_id,
    version: row.version,
    labels: row.labels,
    config: row.config,
    metrics: row.metrics,
    trainingExamples: row.training_examples,
    trainedAt: row.trained_at,
    hasHead: row.has_head,
    createdAt: row.created_at,
  };
}

export function createModelLifecycleRepository(db: Kysely<DatabaseSchema>): ModelLifecycleRepository {
  const versions = () =>
    db
      .selectFrom('model_versions')
      .select(VERSION_COLUMNS)
      .select(sql<boolean>`head_graph is not null`.as('has_head'));

  return {
    ...createTrainingJobStore(db),
    ...createHeldOutStore(db),
    async addVersion(modelId, input) {
      assertStorable({ labels: input.labels, config: input.config, metrics: input.metrics });
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('models').select('id').where('id', '=', modelId).forUpdate().executeTakeFirstOrThrow();
        const last = await trx
          .selectFrom('model_versions')
          .select((eb) => eb.fn.max('version').as('v'))
          .where('model_id', '=', modelId)
          .executeTakeFirst();
        const version = (last?.v ?? 0) + 1;
        const row = await trx
          .insertInto('model_versions')
          .values({
            model_id: modelId,
            version,
            labels: toJson(input.labels),
            config: toJson(input.config),
            metrics: toJson(input.metrics),
            training_examples: input.trainingExamples,
            trained_at: input.trainedAt,
            head_graph: input.headGraph,
          })
          .returning(VERSION_COLUMNS)
          .returning(sql<boolean>`head_graph is not null`.as('has_head'))
          .executeTakeFirstOrThrow();
        await insertHeldOut(trx, modelId, version, input.heldOut ?? []);
        return toVersion(row);
      });
    },

    async listVersions(modelId) {
      const rows = await versions().where('model_id', '=', modelId).orderBy('version').execute();
      return rows.map(toVersion);
    },

    async getVersion(modelId, version) {
      const row = await versions().where('model_id', '=', modelId).where('version', '=', version).executeTakeFirst();
      return row && toVersion(row);
    },

    async headGraph(modelId, version) {
      const row = await db
        .selectFrom('model_versions')
        .select('head_graph')
        .where('model_id', '=', modelId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.head_graph ? new Uint8Array(row.head_graph) : undefined;
    },

    async setVersionMetrics(modelId, version, metrics, evaluatedAt, configPatch) {
      // jsonb || merges the patch's keys into the stored config (none when there is no patch).
      const config = sql<string>`config || ${toJson(configPatch ?? {})}::jsonb`;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('model_versions')
          .set({ metrics: toJson(metrics), config })
          .where('model_id', '=', modelId)
          .where('version', '=', version)
          .execute();
        await trx
          .updateTable('models')
          .set({ metrics: toJson(metrics), config, updated_at: evaluatedAt })
          .where('id', '=', modelId)
          .where('version', '=', version)
          .execute();
      });
    },

    async update(workspaceId, modelId, decide) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('models')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', modelId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return undefined;
        const patch = await decide(toModel(row));
        let values: Record<string, unknown> = { updated_at: new Date() };
        if (patch.status !== undefined) values.status = patch.status;
        if (patch.previousVersion !== undefined) values.previous_version = patch.previousVersion;
        if (patch.version !== undefined) {
          const version = await trx
            .selectFrom('model_versions')
            .selectAll()
            .where('model_id', '=', modelId)
            .where('version', '=', patch.version)
            .executeTakeFirstOrThrow();
          values = {
            ...values,
            version: version.version,
            labels: toJson(version.labels),
            config: toJson(version.config),
            metrics: toJson(version.metrics),
            training_examples: version.training_examples,
            last_trained: version.trained_at,
          };
        }
        if (patch.name !== undefined) values.name = patch.name;
        if (patch.description !== undefined) values.description = patch.description;
        if (patch.confidenceThreshold !== undefined) values.confidence_threshold = patch.confidenceThreshold;
        if (patch.config !== undefined) {
          assertStorable({ name: patch.name, description: patch.description, config: patch.config });
          // The served version keeps the settings too: a redeploy of it copies its config back onto the model.
          values.config = toJson(patch.config);
          const served = patch.version ?? row.version;
          if (served !== null)
            await trx
              .updateTable('model_versions')
              .set({ config: toJson(patch.config) })
              .where('model_id', '=', modelId)
              .where('version', '=', served)
              .execute();
        } else assertStorable({ name: patch.name, description: patch.description });
        const updated = await trx
          .updateTable('models')
          .set(values)
          .where('id', '=', modelId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toModel(updated);
      });
    },

    async remove(workspaceId, modelId) {
      const result = await db
        .deleteFrom('models')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', modelId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async addExamples(modelId, examples, source) {
      return upsertExamples(db, modelId, examples, source);
    },

    async examples(modelId) {
      const rows = await db
        .selectFrom('model_examples')
        .selectAll()
        .where('model_id', '=', modelId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        text: r.text,
        label: r.label,
        ...(r.labels === null ? {} : { labels: r.labels }),
        source: r.source,
        createdAt: r.created_at,
      }));
    },

    async exampleCounts(modelId) {
      // A multi-label example counts once for each of its labels; a single-label one for its label.
      const { rows } = await sql<{ label: string; n: string }>`
        select l.label, count(*) as n from model_examples e
        cross join lateral jsonb_array_elements_text(coalesce(e.labels, jsonb_build_array(e.label))) as l(label)
        where e.model_id = ${modelId} group by l.label`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.label, Number(r.n)]));
    },
  };
}
