// The core services and adapters the HTTP layer is composed over (built in app composition).
import type { TextClassifier } from '../../../core/classification/classify-texts.js';
import type { DatasetService } from '../../../core/datasets/datasets.js';
import type { ModelLifecycle } from '../../../core/lifecycle/model-lifecycle.js';
import type { ModelTransfer } from '../../../core/lifecycle/model-transfer.js';
import type { ModelExamples } from '../../../core/lifecycle/model-examples.js';
import type { ModelSettings } from '../../../core/lifecycle/model-settings.js';
import type { LabelSuggestions } from '../../../core/lifecycle/suggestions.js';
import type { ReviewQueue } from '../../../core/lifecycle/review-queue.js';
import type { TrainingAudits } from '../../../core/lifecycle/training-audits.js';
import type { QuotaService } from '../../../core/tenancy/quota.js';
import type { ModelCatalog } from '../../../core/lifecycle/model-catalog.js';
import type { ApiKeyService } from '../../../core/tenancy/key-management.js';
import type { Authenticator } from '../../../core/tenancy/authentication.js';
import type { EncoderProvider } from '../../../core/ports/encoders.js';
import type { RateLimiter } from '../../../core/ports/rate-limits.js';
import type { LabelledExamplesReader, UploadIntake } from '../../../core/ports/uploads.js';
import type { SimilarityService } from '../../../core/classification/similarity.js';
import type { EmbeddingService } from '../../../core/embeddings/embed-texts.js';
import type { WebhookEndpointService } from '../../../core/webhooks/webhook-endpoints.js';
import type { Metrics } from '../../../adapters/observability/prometheus-metrics.js';
import type { ConnectorService } from '../../../core/connectors/connector-service.js';

/** What GET /health/ready reports: each part's state; ready when all are ok. */
export interface ReadinessReport {
  ready: boolean;
  checks: {
    encoders: 'ok' | 'loading';
    database: 'ok' | 'unreachable';
    migrations: 'ok' | 'pending' | 'unknown';
  };
}

export interface AppServices {
  /** Bearer token → API key and workspace. */
  authenticator: Authenticator;
  /** The workspace's API keys (admin endpoints). */
  apiKeys: ApiKeyService;
  /** The workspace's models, read only. */
  models: ModelCatalog;
  /** The one classification use case (models' status checks, quota, language, one embedding per encoder). */
  classifier: TextClassifier;
  /** Monthly quota and usage; the one instance that also counts unlimited workspaces in memory. */
  quota: QuotaService;
  similarity: SimilarityService;
  /** Embeddings of texts (`/v2/embeddings` and OpenAI's `/v1/embeddings`). */
  embeddings: EmbeddingService;
  datasets: DatasetService;
  /** Refuses row writes (item, records, uploads) with 503 while the classification backlog is past its bound. */
  backlog?: { check(): Promise<void> } | undefined;
  encoders: EncoderProvider;
  /** Encoders, database and migrations, for GET /health/ready. */
  readiness: () => Promise<ReadinessReport>;
  limiter: RateLimiter;
  uploads: UploadIntake;
  /** Labelled example files (CSV / JSON Lines) sent to the examples endpoint. */
  readLabelledExamples: LabelledExamplesReader;
  /** Prometheus metrics; absent when TEXTCLASS_METRICS=false. */
  metrics?: Metrics | undefined;
  webhooks: WebhookEndpointService;
  /** Connectors to remote systems (admin endpoints); their sync runner is a pipeline worker. */
  connectors: ConnectorService;
  /** Model lifecycle: create, examples, training jobs, versions, deploy / archive / rollback, evaluations. */
  lifecycle: ModelLifecycle;
  /** A model's training examples one by one: list, edit, delete. */
  examples: ModelExamples;
  /** updateModel: name, description, cut-offs, zero-shot label texts. */
  settings: ModelSettings;
  /** Export and import of model files. */
  transfer: ModelTransfer;
  /** Active-learning suggestions. */
  suggestions: LabelSuggestions;
  /** The models' review queues and their answers. */
  review: ReviewQueue;
  /** Training data audits of model versions. */
  audits: TrainingAudits;
}
