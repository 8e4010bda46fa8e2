// Composition root: database, repositories, bootstrap key, encoders (loaded in the background), core services and the record pipeline.
import path from 'node:path';
import { RememberedLanguages } from '../../core/classification/language.js';
import { TextClassifier } from '../../core/classification/classify-texts.js';
import { bootstrapDefaultWorkspace, revokedKeyNotice, type BootstrapResult } from '../../core/tenancy/bootstrap.js';
import { DatasetService } from '../../core/datasets/datasets.js';
import { ModelExamples } from '../../core/lifecycle/model-examples.js';
import { ModelSettings } from '../../core/lifecycle/model-settings.js';
import { ModelLifecycle } from '../../core/lifecycle/model-lifecycle.js';
import { ModelTransfer } from '../../core/lifecycle/model-transfer.js';
import { LabelSuggestions } from '../../core/lifecycle/suggestions.js';
import { ReviewQueue } from '../../core/lifecycle/review-queue.js';
import { TrainingAudits } from '../../core/lifecycle/training-audits.js';
import { seedDemoContent } from '../../core/demo/seed.js';
import { headFactories } from '../../core/lifecycle/head-factories.js';
import { ModelRunners } from '../../core/classification/model-runners.js';
import type { Repositories } from '../../core/ports/repositories.js';
import type { LanguageDetector } from '../../core/ports/encoders.js';
import { QuotaService } from '../../core/tenancy/quota.js';
import { Authenticator } from '../../core/tenancy/authentication.js';
import { ApiKeyService } from '../../core/tenancy/key-management.js';
import { ModelCatalog } from '../../core/lifecycle/model-catalog.js';
import { SimilarityService } from '../../core/classification/similarity.js';
import { EmbeddingService } from '../../core/embeddings/embed-texts.js';
import { WebhookEndpointService } from '../../core/webhooks/webhook-endpoints.js';
import type { Config } from '../config/load-config.js';
import type { AppServices } from '../../transport/http/shared/services.js';
import { BacklogGate } from '../../core/datasets/backlog-gate.js';
import {
  DEFAULT_ENCODER_ID,
  loadEncoderRegistry,
  type EncoderRegistry,
} from '../../adapters/inference/registry/encoder-registry.js';
import { loadLanguageDetector } from '../../adapters/language-id/language-id.js';
import { onnxHeadGraphs } from '../../adapters/inference/heads/head-graph.js';
import { ServingEncoders } from '../../adapters/inference/serving/encoder-provider.js';
import { ChatCompletionsClient } from '../../adapters/chat-completions/chat-completions-client.js';
import { loggingAnswerObserver } from '../../adapters/chat-completions/answer-log.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { createRateLimiter } from '../../adapters/redis-limits/create-rate-limiter.js';
import { createPipeline } from './pipeline-workers.js';
import { createConnectorWorkers } from './connector-workers.js';
import { createConnectorSources } from '../../adapters/connectors/index.js';
import { neededEncoders } from './needed-encoders.js';
import { startQuietCollector } from '../process/quiet-collector.js';
import { collectGarbage, youngGenerationBytes } from '../process/settle-heap.js';
import { checkDeferredPackages } from '../process/deferred-packages.js';
import { DeferredEncoderProvider, DeferredLanguageDetector, readinessCheck } from './readiness.js';
import {
  createConnectorRepository,
  createPendingRowsProbe,
  createPipelineStats,
  createRepositories,
  createUploadRepository,
  databaseProbe,
  IN_MEMORY,
  openDatabase,
  prepareDataDirectory,
  withStartupLock,
  type Database,
} from '../../adapters/storage/index.js';
import { Metrics } from '../../adapters/observability/prometheus-metrics.js';
import { PipelineMetrics } from '../../adapters/observability/pipeline-metrics.js';
import { loggingPipelineEvents } from '../../adapters/observability/pipeline-log.js';
import { allOf } from '../../core/ports/pipeline-events.js';
import { UPLOAD_STALE_MS, UploadService } from '../../adapters/upload-files/service.js';
import { readLabelledExamples } from '../../adapters/upload-files/labelled-examples.js';
import { checkWebhookUrl } from '../../adapters/webhook-sender/address-guard.js';
import { NO_TRACING, type Tracing } from '../../adapters/observability/tracing.js';
import { tracedHeadFactories } from '../../adapters/observability/traced-heads.js';
import type { WorkerLink } from '../cluster/primary-link.js';

export interface Runtime {
  services: AppServices;
  repos: Repositories;
  /** Language identification (the classifier's; resolved once loaded). */
  languages: LanguageDetector;
  database: Database;
  bootstrap: BootstrapResult;
  /** Settles when encoders and language id are loaded and the demo content exists. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** A full collection after 5 s of an event loop under 5 % busy, following a busier spell (bench/history/memory.md, "Young generation"). */
const QUIET_COLLECTION = {
  intervalMs: 5_000,
  quietUtilization: 0.05,
  attemptsPerSpell: 6,
  youngGenerationBytes,
  shrunkBytes: 4 * 2 ** 20,
};
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** `cluster`: this process is one worker of `serve --workers N`, sharing rate limits and metrics through the primary. */
export async function composeRuntime(
  config: Config,
  logger: Logger,
  tracing: Tracing = NO_TRACING,
  cluster?: WorkerLink,
): Promise<Runtime> {
  checkDeferredPackages();
  // Uploads and models live under the data directory with PostgreSQL too: it is checked before anything is written.
  if (config.dataDir !== IN_MEMORY) await prepareDataDirectory(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTierUp: config.embeddedDbTierUp,
    pgliteThread: config.embeddedDbThread,
    logger,
    tracing,
  });
  const repos = createRepositories(database.db, database.changes, () => tracing.currentTraceparent());
  // Processes starting together on one empty PostgreSQL take turns here: one default workspace, one bootstrap key.
  const bootstrap = await withStartupLock(database, () => bootstrapDefaultWorkspace(repos, config.apiKey));
  if (bootstrap.configuredKeyRevokedAt) logger.warn(revokedKeyNotice(bootstrap.configuredKeyRevokedAt));
  const rateLimits = await createRateLimiter(config.redisUrl, logger, () => cluster?.rateLimiter(logger));
  const defaultEncoderId = config.defaultEncoder ?? DEFAULT_ENCODER_ID;
  const encoders = new DeferredEncoderProvider(defaultEncoderId);
  const languages = new DeferredLanguageDetector();
  const metrics = config.metrics ? new Metrics() : undefined;
  if (metrics && cluster) cluster.shareMetrics(metrics);
  // The backlog gauges read the shared database at scrape time, so every process reports the same figures.
  const backlogGauges = metrics ? [new PipelineMetrics(metrics.registry, createPipelineStats(database.db))] : [];
  const events = allOf(loggingPipelineEvents(logger), ...backlogGauges);
  let loadedRegistry: EncoderRegistry | undefined;
  let servingEncoders: ServingEncoders | undefined;
  let stopQuietCollector: (() => void) | undefined;
  let closed = false;
  const ready = (async () => {
    const started = performance.now();
    const { modelsDir, encoderWorkers } = config;
    const [registry, detector] = await Promise.all([
      loadEncoderRegistry({ modelsDir, defaultId: defaultEncoderId, encoderWorkers }),
      loadLanguageDetector(),
    ]);
    loadedRegistry = registry;
    const unknown = config.preloadEncoders.filter((id) => !registry.has(id));
    if (unknown.length > 0)
      throw new Error(
        `TEXTCLASS_PRELOAD_ENCODERS names unknown encoders: ${unknown.join(', ')} (have: ${registry.ids().join(', ')})`,
      );
    // Only what is needed loads now; any other encoder loads on its first request (which waits for it).
    registry.need(await neededEncoders(defaultEncoderId, config.preloadEncoders, repos));
    await registry.warmup();
    const serving = new ServingEncoders(registry, {
      cacheBytes: Math.round(config.embeddingCacheMb * 1024 * 1024),
      batching: {
        maxBatchTexts: config.batchMaxTexts,
        maxBatchTokens: config.batchMaxTokens,
        maxWaitMs: config.batchWaitMs,
        maxBatchesInFlight: config.batchesInFlight,
        maxQueueTexts: config.queueMaxTexts,
      },
      observer: metrics,
      tracing,
      idleUnloadMs: config.encoderIdleUnloadSeconds * 1000,
      onUnloaded: (id) => {
        collectGarbage();
        logger.info({ encoder: id, idle_seconds: config.encoderIdleUnloadSeconds }, 'released an idle encoder');
      },
    });
    servingEncoders = serving;
    if (config.seedDemo) {
      const demoEncoder = serving.get(defaultEncoderId);
      const seeded = await withStartupLock(database, () => seedDemoContent(repos, bootstrap.workspace, demoEncoder));
      if (seeded.seeded)
        logger.info(
          { models: seeded.models.map((m) => ({ id: m.id, name: m.name, metrics: m.metrics })) },
          'seeded demo models',
        );
    }
    // Ready (and /health 200) only once the demo content exists, so a client never sees a half-seeded service.
    encoders.resolve(serving);
    // With the embedding cache on, a repeated text's language is remembered too (4,096 samples of ≤ 300 characters).
    languages.resolve(config.embeddingCacheMb > 0 ? new RememberedLanguages(detector, 4096) : detector);
    collectGarbage();
    if (!closed)
      stopQuietCollector = startQuietCollector({
        ...QUIET_COLLECTION,
        onCollected: (before, after) =>
          logger.debug({ young_mib_before: mib(before), young_mib_after: mib(after) }, 'quiet-time collection'),
      });
    logger.info({ ms: Math.round(performance.now() - started), loaded: registry.neededIds() }, 'encoders ready');
  })();
  ready.catch((err: unknown) => logger.error({ err }, 'loading encoders failed'));
  const chat = new ChatCompletionsClient(config.llmEndpoints, { logger });
  const runners = new ModelRunners(
    encoders,
    tracedHeadFactories(
      headFactories({
        lifecycle: repos.lifecycle,
        graphs: onnxHeadGraphs,
        chat,
        llm: { observer: loggingAnswerObserver(logger) },
      }),
      tracing,
    ),
  );
  const datasets = new DatasetService(repos.datasets, repos.records, repos.models);
  const uploads = new UploadService(
    datasets,
    createUploadRepository(database.db, () => tracing.currentTraceparent()),
    {
      spoolDir: path.join(config.dataDir, 'uploads'),
      maxBytes: config.uploadMaxBytes,
      staleMs: UPLOAD_STALE_MS,
      logger,
      events,
    },
  );
  await uploads.start();
  const quota = new QuotaService(repos.usage);
  const classifier = new TextClassifier(repos.models, encoders, runners, quota, languages);
  const suggestions = new LabelSuggestions({
    models: repos.models,
    lifecycle: repos.lifecycle,
    datasets: repos.datasets,
    records: repos.records,
    encoders,
    runners,
  });
  const connectorWorkers = createConnectorWorkers({
    config,
    repos,
    connectors: createConnectorRepository(database.db),
    sources: createConnectorSources({ allowPrivateAddresses: config.connectorAllowPrivate }),
    logger,
    metrics,
  });
  const services: AppServices = {
    authenticator: new Authenticator(repos.apiKeys),
    apiKeys: new ApiKeyService(repos.apiKeys),
    models: new ModelCatalog(repos.models),
    classifier,
    quota,
    similarity: new SimilarityService(encoders),
    embeddings: new EmbeddingService(encoders, quota),
    datasets,
    backlog: new BacklogGate(createPendingRowsProbe(database.db), {
      maxRows: config.pipelineMaxBacklogRows,
      refreshMs: 500,
    }),
    encoders,
    readiness: readinessCheck(encoders, databaseProbe(database.db)),
    limiter: rateLimits.limiter,
    uploads,
    readLabelledExamples,
    metrics,
    webhooks: new WebhookEndpointService(repos.webhooks, (url) => checkWebhookUrl(url, config.webhookAllowPrivate)),
    connectors: connectorWorkers.service,
    lifecycle: new ModelLifecycle({
      models: repos.models,
      lifecycle: repos.lifecycle,
      evaluations: repos.evaluations,
      datasets: repos.datasets,
      records: repos.records,
      encoders,
      runners,
      graphs: onnxHeadGraphs,
      llmEndpoints: config.llmEndpoints,
    }),
    transfer: new ModelTransfer({
      models: repos.models,
      lifecycle: repos.lifecycle,
      encoders,
      graphs: onnxHeadGraphs,
      llmEndpoints: config.llmEndpoints,
    }),
    examples: new ModelExamples({ models: repos.models, lifecycle: repos.lifecycle, examples: repos.examples }),
    settings: new ModelSettings({ models: repos.models, lifecycle: repos.lifecycle, runners }),
    suggestions,
    review: new ReviewQueue({ models: repos.models, review: repos.review, suggestions }),
    audits: new TrainingAudits({ models: repos.models, lifecycle: repos.lifecycle, encoders }),
  };
  const pipeline = createPipeline(config, repos, encoders, classifier, logger, onnxHeadGraphs, events, tracing);
  pipeline.start(ready);
  // Syncs start with the classification worker, once the encoders are ready.
  ready.then(
    () => {
      if (!closed) connectorWorkers.start();
    },
    () => undefined,
  );
  // Encoders close after the work that uses them: a transformer's worker thread then releases its session before exit.
  const close = async () => {
    closed = true;
    stopQuietCollector?.();
    await connectorWorkers.stop();
    await pipeline.stop();
    await runners.close();
    servingEncoders?.stop();
    await loadedRegistry?.close();
    await uploads.close();
    await quota.flush();
    await rateLimits.close();
    await database.close();
  };
  return { services, repos, languages, database, bootstrap, ready, close };
}
