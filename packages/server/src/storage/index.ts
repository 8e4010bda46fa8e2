// Public entry of the storage layer: open/migrate the database and build the repositories over it.
import type { Kysely } from 'kysely';
import type { Repositories } from '../core/ports.js';
import { createApiKeyRepository } from './repositories/api-keys.js';
import { createDatasetRepository } from './repositories/datasets.js';
import { createJobRepository } from './repositories/jobs.js';
import { createModelLifecycleRepository } from './repositories/model-lifecycle.js';
import { createModelRepository } from './repositories/models.js';
import { createPipelineRepository } from './repositories/pipeline.js';
import { createRecordRepository } from './repositories/records.js';
import { createUsageRepository } from './repositories/usage.js';
import { createWebhookRepository } from './repositories/webhooks.js';
import { createWorkspaceRepository } from './repositories/workspaces.js';
import type { DatabaseSchema } from './schema.js';

export { openDatabase, type Database, type OpenDatabaseOptions } from './database.js';
export type { StorageLogger } from './logger.js';
export { migrateToLatest, type MigrateOptions } from './migrate.js';
export { IN_MEMORY } from './pglite-open.js';
export { createUploadRepository } from './repositories/uploads.js';
export type { DatabaseSchema } from './schema.js';

export function createRepositories(db: Kysely<DatabaseSchema>): Repositories {
  return {
    workspaces: createWorkspaceRepository(db),
    apiKeys: createApiKeyRepository(db),
    models: createModelRepository(db),
    lifecycle: createModelLifecycleRepository(db),
    datasets: createDatasetRepository(db),
    records: createRecordRepository(db),
    usage: createUsageRepository(db),
    jobs: createJobRepository(db),
    pipeline: createPipelineRepository(db),
    webhooks: createWebhookRepository(db),
  };
}
