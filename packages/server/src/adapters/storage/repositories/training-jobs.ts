// Training jobs of models: each created with its queue entry in one transaction, at most one queued or running per model.
import type { Kysely, Selectable } from 'kysely';
import {
  TRAIN_MODEL_JOB,
  type ModelLifecycleRepository,
  type TrainModelPayload,
} from '../../../core/ports/lifecycle.js';
import type { TrainingJob, TrainingOptions } from '../../../core/lifecycle/types.js';
import { toJson, type DatabaseSchema, type TrainingJobsTable } from '../schema.js';

type TrainingJobStore = Pick<
  ModelLifecycleRepository,
  | 'createTrainingJob'
  | 'startTrainingJob'
  | 'pendingTrainingJob'
  | 'getTrainingJob'
  | 'getTrainingJobById'
  | 'listTrainingJobs'
  | 'updateTrainingJob'
>;

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

export function createTrainingJobStore(db: Kysely<DatabaseSchema>): TrainingJobStore {
  return {
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
