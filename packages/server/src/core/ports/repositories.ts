// Storage ports of tenancy, models, datasets and usage, and the Repositories bundle the composition root builds.
import type {
  ApiKeyRecord,
  Dataset,
  DatasetRecord,
  DatasetStatus,
  Model,
  ModelStatus,
  NewDataset,
  NewModel,
  NewRecord,
  Page,
  PageRequest,
  Plan,
  Role,
  StoredApiKey,
  Workspace,
  WorkspaceLimits,
} from '../shared/types.js';
import type { JobRepository, JobsForStoredRows, PipelineRepository, WebhookRepository } from './pipeline.js';
import type { ModelEvaluationRepository, ModelExampleRepository } from './model-records.js';
import type { ModelLifecycleRepository } from './lifecycle.js';
import type { ReviewRepository } from './review.js';

export interface WorkspaceRepository {
  findById(id: number): Promise<Workspace | undefined>;
  findByName(name: string): Promise<Workspace | undefined>;
  create(input: {
    name: string;
    plan: Plan;
    rateLimitPerMinute: number | null;
    monthlyQuota: number | null;
    billingCycleDay: number;
  }): Promise<Workspace>;
  /** Every workspace, ordered by id. */
  list(): Promise<Workspace[]>;
  /** Replaces the plan, limits and billing day; undefined when the workspace does not exist. */
  update(id: number, limits: WorkspaceLimits): Promise<Workspace | undefined>;
}

export interface ApiKeyRepository {
  insert(input: {
    workspaceId: number;
    prefix: string;
    lastFour: string;
    keyHash: string;
    role: Role;
    name: string;
  }): Promise<ApiKeyRecord>;
  /** Finds a key by the SHA-256 hex digest of the full key, whatever its state (revokedAt says whether it is revoked). */
  findByHash(keyHash: string): Promise<StoredApiKey | undefined>;
  /** The same key with its workspace, in one query (what every request needs to authenticate). */
  findActiveCallerByHash(keyHash: string): Promise<{ key: StoredApiKey; workspace: Workspace } | undefined>;
  touchLastUsed(id: number, at: Date): Promise<void>;
  countActive(workspaceId?: number): Promise<number>;
  /** The workspace's keys, active and revoked, ordered by id. */
  list(workspaceId: number, page: PageRequest): Promise<Page<ApiKeyRecord>>;
  /** Sets revoked_at (keeping an earlier one); undefined when the key is not in the workspace. */
  revoke(workspaceId: number, id: number, at: Date): Promise<ApiKeyRecord | undefined>;
}

export interface ModelRepository {
  list(workspaceId: number, page: PageRequest, filter?: { status?: ModelStatus }): Promise<Page<Model>>;
  get(workspaceId: number, id: number): Promise<Model | undefined>;
  create(input: NewModel): Promise<Model>;
  findByName(workspaceId: number, name: string): Promise<Model | undefined>;
}

export interface DatasetRepository {
  create(input: NewDataset): Promise<Dataset>;
  list(workspaceId: number, page: PageRequest): Promise<Page<Dataset>>;
  get(workspaceId: number, id: number): Promise<Dataset | undefined>;
  setStatus(workspaceId: number, id: number, status: DatasetStatus): Promise<void>;
}

/** What a records page may be narrowed to; `modelId` says which model `label` and `needsReview` mean (any without it). */
export interface RecordFilter {
  /** The top label a model gave the record. */
  label?: string | undefined;
  modelId?: number | undefined;
  needsReview?: boolean | undefined;
  /** Stored at or after. */
  createdAfter?: Date | undefined;
  /** Stored before. */
  createdBefore?: Date | undefined;
}

export interface RecordRepository {
  /** Inserts all rows in one transaction (all or none), bumps the dataset's row count and writes the jobs `jobsFor` asks for. */
  insertMany(datasetId: number, rows: NewRecord[], jobsFor: JobsForStoredRows): Promise<DatasetRecord[]>;
  /**
   * As insertMany, for `count` rows that `build` makes from the dataset as it is read in the same statement that draws
   * their ids (so a write reads the dataset once). `build` checks the rows against the dataset and may throw: nothing
   * is stored then. Undefined when the workspace has no such dataset.
   */
  insertBuilt(
    workspaceId: number,
    datasetId: number,
    count: number,
    build: (dataset: Dataset) => NewRecord[],
    jobsFor: JobsForStoredRows,
  ): Promise<DatasetRecord[] | undefined>;
  /** A page of the dataset's records by id; `filter` keeps those that match all it gives (RecordFilter). */
  list(datasetId: number, page: PageRequest, filter?: RecordFilter): Promise<Page<DatasetRecord>>;
  /** Up to `limit` records with ids above `afterId` (all when undefined), by id: a keyset page, cheap however deep. */
  listAfter(datasetId: number, afterId: string | undefined, limit: number): Promise<DatasetRecord[]>;
}

export interface UsageRepository {
  /** Adds `amount` to the period's usage only if the total stays within `limit`; false when refused. Atomic. */
  tryConsume(workspaceId: number, periodStart: Date, amount: number, limit: number): Promise<boolean>;
  used(workspaceId: number, periodStart: Date): Promise<number>;
}

export interface Repositories {
  workspaces: WorkspaceRepository;
  apiKeys: ApiKeyRepository;
  models: ModelRepository;
  lifecycle: ModelLifecycleRepository;
  /** A model's examples by id (list, edit, delete). */
  examples: ModelExampleRepository;
  /** Every evaluation of a model's versions. */
  evaluations: ModelEvaluationRepository;
  datasets: DatasetRepository;
  records: RecordRepository;
  usage: UsageRepository;
  jobs: JobRepository;
  pipeline: PipelineRepository;
  webhooks: WebhookRepository;
  review: ReviewRepository;
}
