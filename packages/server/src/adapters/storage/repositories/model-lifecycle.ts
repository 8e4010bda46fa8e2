// Model lifecycle storage: versions with their ONNX head graphs, labelled examples and training jobs; state changes under a row lock.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModelLifecycleRepository, TrainModelPayload } from '../../../core/ports/lifecycle.js';
import { TRAIN_MODEL_JOB } from '../../../core/ports/lifecycle.js';
import type { ModelVersion, TrainingJob, TrainingOptions } from '../../../core/lifecycle/types.js';
import { toJson, type DatabaseSchema, type ModelVersionsTable, type TrainingJobsTable } from '../schema.js';
import { assertStorable } from '../storable-text.js';
import { toModel } from './models.js';

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

function toTrainingJob(row: Selectable<TrainingJobsTable>): TrainingJob {
  return {
    id: String(row.id),
    modelId: row.model_id,
    status: row.status,
    options: row.options,
    stage: row.stage,
    progress: row.progress,
    epoch: row.epoch,
    maxEpochs: row.max_epochs,
    loss: row.loss,
    version: row.version,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The newest queued or running training of a model. */
async function pendingJob(db: Kysely<DatabaseSchema>, modelId: number): Promise<TrainingJob | undefined> {
  const row = await db
    .selectFrom('training_jobs')
    .selectAll()
    .where('model_id', '=', modelId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && toTrainingJob(row);
}

/** A training job and its queue entry, inside the caller's transaction. */
async function insertTrainingJob(
  trx: Kysely<DatabaseSchema>,
  workspaceId: number,
  modelId: number,
  options: TrainingOptions,
): Promise<TrainingJob> {
  const row = await trx
    .insertInto('training_jobs')
    .values({ model_id: modelId, options: toJson(options) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const payload: TrainModelPayload = { workspace_id: workspaceId, model_id: modelId, training_job_id: String(row.id) };
  await trx
    .insertInto('jobs')
    .values({ kind: TRAIN_MODEL_JOB, payload: toJson(payload) })
    .execute();
  return toTrainingJob(row);
}

export function createModelLifecycleRepository(db: Kysely<DatabaseSchema>): ModelLifecycleRepository {
  const versions = () =>
    db
      .selectFrom('model_versions')
      .select(VERSION_COLUMNS)
      .select(sql<boolean>`head_graph is not null`.as('has_head'));

  return {
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

    async setVersionMetrics(modelId, version, metrics, evaluatedAt) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('model_versions')
          .set({ metrics: toJson(metrics) })
          .where('model_id', '=', modelId)
          .where('version', '=', version)
          .execute();
        await trx
          .updateTable('models')
          .set({ metrics: toJson(metrics), updated_at: evaluatedAt })
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
      if (examples.length === 0) return 0;
      assertStorable({ examples });
      // One row per text (the last label given wins): an upsert may not touch a row twice in one statement.
      const unique = [...new Map(examples.map((e) => [e.text, e])).values()];
      let added = 0;
      for (let start = 0; start < unique.length; start += 1000) {
        const chunk = unique.slice(start, start + 1000);
        const { rows } = await sql<{ inserted: boolean }>`
          insert into model_examples (model_id, text, label, source)
          select ${modelId}, e.text, e.label, ${source} from jsonb_to_recordset(${toJson(chunk)}::jsonb) as e(text text, label text)
          on conflict (model_id, md5(text)) do update set label = excluded.label, source = excluded.source
          returning (xmax = 0) as inserted`.execute(db);
        added += rows.filter((r) => r.inserted).length;
      }
      return added;
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
        source: r.source,
        createdAt: r.created_at,
      }));
    },

    async exampleCounts(modelId) {
      const rows = await db
        .selectFrom('model_examples')
        .select(['label', (eb) => eb.fn.countAll<string>().as('n')])
        .where('model_id', '=', modelId)
        .groupBy('label')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.label, Number(r.n)]));
    },

    async createTrainingJob(workspaceId, modelId, options) {
      return db.transaction().execute((trx) => insertTrainingJob(trx, workspaceId, modelId, options));
    },

    async startTrainingJob(workspaceId, modelId, options) {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('models').select('id').where('id', '=', modelId).forUpdate().executeTakeFirstOrThrow();
        const pending = await pendingJob(trx, modelId);
        if (pending) return { job: pending, created: false };
        return { job: await insertTrainingJob(trx, workspaceId, modelId, options), created: true };
      });
    },

    pendingTrainingJob: (modelId) => pendingJob(db, modelId),

    async getTrainingJob(modelId, id) {
      if (!/^\d{1,18}$/.test(id)) return undefined;
      const row = await db
        .selectFrom('training_jobs')
        .selectAll()
        .where('model_id', '=', modelId)
        .where('id', '=', id as never)
        .executeTakeFirst();
      return row && toTrainingJob(row);
    },

    async getTrainingJobById(id) {
      const row = await db
        .selectFrom('training_jobs')
        .selectAll()
        .where('id', '=', id as never)
        .executeTakeFirst();
      return row && toTrainingJob(row);
    },

    async listTrainingJobs(modelId, page) {
      const scoped = db.selectFrom('training_jobs').where('model_id', '=', modelId);
      const [rows, counted] = await Promise.all([
        scoped.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTrainingJob), total: Number(counted.total) };
    },

    async updateTrainingJob(id, patch) {
      const values: Record<string, unknown> = {};
      if (patch.status !== undefined) values.status = patch.status;
      if (patch.stage !== undefined) values.stage = patch.stage;
      if (patch.progress !== undefined) values.progress = Math.min(1, Math.max(0, patch.progress));
      if (patch.epoch !== undefined) values.epoch = patch.epoch;
      if (patch.maxEpochs !== undefined) values.max_epochs = patch.maxEpochs;
      if (patch.loss !== undefined)
        values.loss = patch.loss !== null && Number.isFinite(patch.loss) ? patch.loss : null;
      if (patch.version !== undefined) values.version = patch.version;
      if (patch.error !== undefined) values.error = patch.error;
      if (patch.startedAt !== undefined) values.started_at = patch.startedAt;
      if (patch.finishedAt !== undefined) values.finished_at = patch.finishedAt;
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('training_jobs')
        .set(values)
        .where('id', '=', id as never)
        .execute();
    },
  };
}
