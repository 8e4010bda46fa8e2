// The core services and adapters the HTTP layer is composed over (built in app composition).
import type { ClassificationService } from '../../core/classification/classify.js';
import type { DatasetService } from '../../core/datasets/datasets.js';
import type { ModelLifecycle } from '../../core/lifecycle/model-lifecycle.js';
import type { ModelTransfer } from '../../core/lifecycle/model-transfer.js';
import type { LabelSuggestions } from '../../core/lifecycle/suggestions.js';
import type { QuotaService } from '../../core/tenancy/quota.js';
import type { Repositories } from '../../core/ports/repositories.js';
import type { EncoderProvider, LanguageDetector } from '../../core/ports/encoders.js';
import type { RateLimiter } from '../../core/tenancy/rate-limiter.js';
import type { SimilarityService } from '../../core/classification/similarity.js';
import type { WebhookEndpointService } from '../../core/webhooks/webhook-endpoints.js';
import type { Metrics } from '../../adapters/observability/prometheus-metrics.js';
import type { UploadService } from '../../adapters/upload-files/service.js';

export interface AppServices {
  repos: Repositories;
  classification: ClassificationService;
  /** Monthly quota and usage; the one instance that also counts unlimited workspaces in memory. */
  quota: QuotaService;
  similarity: SimilarityService;
  datasets: DatasetService;
  languages: LanguageDetector;
  encoders: EncoderProvider;
  limiter: RateLimiter;
  uploads: UploadService;
  /** Prometheus metrics; absent when TEXTCLASS_METRICS=false. */
  metrics?: Metrics | undefined;
  webhooks: WebhookEndpointService;
  /** Model lifecycle: create, examples, training jobs, versions, deploy / archive / rollback, evaluations. */
  lifecycle: ModelLifecycle;
  /** Export and import of model files. */
  transfer: ModelTransfer;
  /** Active-learning suggestions. */
  suggestions: LabelSuggestions;
}
