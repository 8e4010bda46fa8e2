// Public entry of the storage layer: open/migrate the database and build the repositories over it.
import type { Kysely } from 'kysely';
import type { Repositories } from '../../core/ports/repositories.js';
import { createApiKeyRepository } from './repositories/api-keys.js';
import { createDatasetRepository } from './repositories/datasets.js';
import { createJobRepository } from './repositories/jobs.js';
import { JobsQueued } from './repositories/jobs-queued.js';
import { createModelLifecycleRepository } from './repositories/model-lifecycle.js';
import { createModelRepository } from './repositories/models.js';
import { createModelEvaluationRepository, createModelExampleRepository } from './repositories/model-records.js';
import { createPipelineRepository } from './repositories/pipeline.js';
import { createRecordRepository } from './repositories/records.js';
import { createReviewRepository } from './repositories/review.js';
import { createUsageRepository } from './repositories/usage.js';
import { createWebhookRepository } from './repositories/webhooks.js';
import { createWorkspaceRepository } from './repositories/workspaces.js';
import { withCachedReads } from './repositories/cached-reads.js';
import type { DatabaseSchema } from './schema.js';
import type { ChangeFeed } from './change-feed.js';
import { UNTRACED, type CurrentTraceContext } from './repositories/jobs.js';

export { openDatabase, type Database, type OpenDatabaseOptions } from './database.js';
export { withStartupLock } from './startup-lock.js';
export type { StorageLogger } from './storage-logger.js';
export { migrateToLatest, type MigrateOptions } from './migrate.js';
export { IN_MEMORY, NoEmbeddedDatabaseError } from './pglite-open.js';
export { DirectoryLockedError } from './directory-lock.js';
export { DataDirectoryError, prepareDataDirectory } from './data-directory.js';
export { databaseProbe, type DatabaseProbe } from './probe.js';
export { isStorageFailure } from './storage-failures.js';
export { createUploadRepository } from './repositories/uploads.js';
export { createConnectorRepository } from './repositories/connectors.js';
export { createPendingRowsProbe, createPipelineStats } from './repositories/pipeline-stats.js';
export type { DatabaseSchema } from './schema.js';
export type { CurrentTraceContext } from './repositories/jobs.js';
export type { ChangeFeed } from './change-feed.js';

/**
 * `changes` (Database.changes): cache the per-request reads of the caller and the model in this process, each entry
 * until its row changes (left out: every read goes to the database, as the CLI's one-shot commands do). `traceContext`: the traceparent of the traced request storing
 * dataset rows, kept with their classification jobs (the tracing port's; untraced by default).
 */
export function createRepositories(
  db: Kysely<DatabaseSchema>,
  changes?: ChangeFeed,
  traceContext: CurrentTraceContext = UNTRACED,
): Repositories {
  const queued = new JobsQueued();
  const repos: Repositories = {
    workspaces: createWorkspaceRepository(db),
    apiKeys: createApiKeyRepository(db),
    models: createModelRepository(db),
    lifecycle: createModelLifecycleRepository(db),
    examples: createModelExampleRepository(db),
    evaluations: createModelEvaluationRepository(db),
    datasets: createDatasetRepository(db),
    records: createRecordRepository(db, traceContext, queued),
    usage: createUsageRepository(db),
    jobs: createJobRepository(db, queued),
    pipeline: createPipelineRepository(db),
    webhooks: createWebhookRepository(db),
    review: createReviewRepository(db),
  };
  return changes ? withCachedReads(repos, changes) : repos;
}
