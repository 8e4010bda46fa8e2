// The background work of one server process: the classification worker, the webhook dispatcher and the training worker, each on a poll loop with backoff.
import type { Config } from '../config/load-config.js';
import type { TextClassifier } from '../../core/classification/classify-texts.js';
import { TrainingWorker } from '../../core/lifecycle/training-worker.js';
import { PollLoop } from '../../core/shared/poll-loop.js';
import { CLASSIFY_LOOPS, PollLoops } from '../../core/shared/poll-loops.js';
import type { HeadGraphs } from '../../core/ports/training.js';
import type { Repositories } from '../../core/ports/repositories.js';
import type { EncoderProvider } from '../../core/ports/encoders.js';
import { DEFAULT_CLASSIFIER_OPTIONS, RecordClassifier } from '../../core/datasets/record-classifier.js';
import { DEFAULT_DISPATCHER_OPTIONS } from '../../core/webhooks/dispatcher-options.js';
import { WebhookDispatcher } from '../../core/webhooks/webhook-dispatcher.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { fitHeadOnThread } from '../../adapters/head-fitting/fit-head-thread.js';
import { fitMultiLabelOnThread } from '../../adapters/head-fitting/fit-multi-label-thread.js';
import { createThreadedSender } from '../../adapters/webhook-sender/sender-thread.js';
import type { PipelineEvents } from '../../core/ports/pipeline-events.js';
import { tracedWebhookSender } from '../../adapters/webhook-sender/traced-sender.js';
import { NO_TRACING, type Tracing } from '../../adapters/observability/tracing.js';
import { tracedRecordClassification } from '../../adapters/observability/traced-classifier.js';
import { isStorageFailure } from '../../adapters/storage/index.js';
import { isTransientError } from '../../core/shared/domain-errors.js';

export interface Pipeline {
  /** Starts the dispatcher now and the classifier once `encodersReady` settles (no-op when workers are off). */
  start(encodersReady: Promise<void>): void;
  /** Stops both loops, waiting for the ticks in flight; what they did not finish stays in the database. */
  stop(): Promise<void>;
}

export function createPipeline(
  config: Config,
  repos: Repositories,
  encoders: EncoderProvider,
  classifier: TextClassifier,
  logger: Logger,
  graphs: HeadGraphs,
  events: PipelineEvents,
  tracing: Tracing = NO_TRACING,
): Pipeline {
  // The POSTs run on a thread of their own: on the embedded database this event loop also runs every statement.
  const sender = createThreadedSender(config.webhookAllowPrivate);
  const dispatcher = new WebhookDispatcher(
    repos.webhooks,
    tracedWebhookSender(sender, tracing),
    {
      ...DEFAULT_DISPATCHER_OPTIONS,
      timeoutMs: config.webhookTimeoutMs,
      ...(config.webhookRetryScheduleMs === undefined ? {} : { scheduleMs: config.webhookRetryScheduleMs }),
    },
    Math.random,
    events,
  );
  const loopOptions = (name: string) => ({
    minDelayMs: Math.min(50, config.pipelinePollMs),
    maxDelayMs: config.pipelinePollMs,
    onError: (err: unknown) => logger.error({ err, loop: name }, 'pipeline tick failed'),
  });
  const dispatching = new PollLoop(() => dispatcher.tick(), loopOptions('webhooks'));
  dispatcher.onSettled = () => dispatching.wake();
  const records = new RecordClassifier(
    {
      jobs: repos.jobs,
      pipeline: repos.pipeline,
      datasets: repos.datasets,
      webhooks: repos.webhooks,
      classifier: tracedRecordClassification(classifier, tracing),
      // The deliveries a batch stores go to this dispatcher as they are inserted: no claim reads them back.
      handoff: dispatcher,
      onWritten: () => dispatching.wake(),
      onError: (err, job) =>
        logger.warn({ err, jobId: job.id, attempts: job.attempts }, 'classification job failed; it will be retried'),
      events,
      // A record is marked failed only for an error of its own text: never for one of these.
      isTransient: (err) => isTransientError(err) || isStorageFailure(err),
    },
    { ...DEFAULT_CLASSIFIER_OPTIONS, leaseMs: config.jobLeaseMs },
  );
  // Two loops: one's database work overlaps the other's inference (jobs are claimed with SKIP LOCKED).
  const classifying = new PollLoops(CLASSIFY_LOOPS, () => records.tick(), loopOptions('classification'));
  // Rows this process stored are classified at once, not at the loops' next poll (up to TEXTCLASS_PIPELINE_POLL_MS).
  const unlisten = repos.jobs.onQueued(() => classifying.wake());
  const trainer = new TrainingWorker({
    jobs: repos.jobs,
    lifecycle: repos.lifecycle,
    models: repos.models,
    encoders,
    graphs,
    fit: fitHeadOnThread,
    fitMultiLabel: fitMultiLabelOnThread,
    onError: (err, job) => logger.warn({ err, jobId: job.id, attempts: job.attempts }, 'training job failed'),
    onTrained: (modelId, version) => logger.info({ modelId, version }, 'model trained'),
    events,
  });
  const training = new PollLoop(() => trainer.tick(), loopOptions('training'));
  let stopped = false;
  return {
    start(encodersReady) {
      if (!config.pipelineWorkers) return;
      dispatching.start();
      encodersReady.then(
        () => {
          if (!stopped) {
            classifying.start();
            training.start();
          }
        },
        () => undefined,
      );
    },
    async stop() {
      stopped = true;
      unlisten();
      await Promise.all([classifying.stop(), dispatching.stop(), training.stop()]);
      await dispatcher.drain();
      await sender.close();
    },
  };
}
