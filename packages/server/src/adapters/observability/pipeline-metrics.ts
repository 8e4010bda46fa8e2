// Prometheus metrics of the background pipeline: jobs, records a model failed on and webhook deliveries (counted as they happen), the backlog (read from the database at scrape time), trainings and uploads.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import {
  JOB_KINDS,
  type DeliveryAttemptReport,
  type JobKind,
  type JobOutcome,
  type PipelineBacklog,
  type PipelineEvents,
  type PipelineStats,
} from '../../core/ports/pipeline-events.js';

const JOB_OUTCOMES: readonly JobOutcome[] = ['succeeded', 'retried', 'failed'];
const DELIVERY_OUTCOMES = ['succeeded', 'retrying', 'failed'] as const;
/** From a fast receiver to a delivery that waited for the whole retry schedule (about 2.5 days). */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1_800, 7_200, 36_000, 86_400, 259_200];
const TRAINING_BUCKETS = [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1_800, 3_600];

/** Every process reads the backlog gauges from the one database: a cluster reports that figure once, not summed. */
const SAME_DATABASE = 'max';

/** How often the reader counts pending webhook deliveries, and the clock it times that count with. */
export interface BacklogReadOptions {
  /** Longest wait for the backlog query of a scrape (default 2 s). */
  statsTimeoutMs?: number;
  /**
   * The largest share of the database's time the pending-delivery count may take (default 0.05): after a count that
   * took t ms, scrapes within t / share ms report that count again. A small outbox is counted at every scrape; one
   * of a million rows, which takes PGlite's only thread for most of a second, about once a quarter-minute.
   */
  webhookCountShare?: number;
  /** Milliseconds, monotonic (default performance.now). */
  now?: () => number;
}

/** One database read shared by the gauges of a scrape (prom-client collects them together), never longer than the timeout. */
class BacklogReader {
  private last: PipelineBacklog | undefined;
  private inFlight: Promise<PipelineBacklog | undefined> | undefined;
  /** When the last webhook count started and how long it took (ms, on `now`). */
  private counted: { at: number; tookMs: number } | undefined;
  private readonly timeoutMs: number;
  private readonly share: number;
  private readonly now: () => number;

  constructor(
    private readonly stats: PipelineStats,
    private readonly onError: () => void,
    options: BacklogReadOptions,
  ) {
    this.timeoutMs = options.statsTimeoutMs ?? 2_000;
    this.share = options.webhookCountShare ?? 0.05;
    this.now = options.now ?? (() => performance.now());
  }

  /** The backlog now, or the last one read when the database does not answer in time (undefined before any). */
  read(): Promise<PipelineBacklog | undefined> {
    this.inFlight ??= this.fetch().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private countDue(at: number): boolean {
    return this.counted === undefined || at - this.counted.at >= this.counted.tookMs / this.share;
  }

  private async fetch(): Promise<PipelineBacklog | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), this.timeoutMs);
    });
    const at = this.now();
    const countWebhooks = this.countDue(at);
    try {
      const read = await Promise.race([this.stats.backlog({ countWebhooks }), timeout]);
      if (countWebhooks) this.counted = { at, tookMs: this.now() - at };
      const webhookBacklog = read.webhookBacklog ?? this.last?.webhookBacklog;
      this.last = webhookBacklog === undefined ? read : { ...read, webhookBacklog };
      return this.last;
    } catch {
      // A count that did not answer in time may still be running: wait as long as it would have cost at least.
      if (countWebhooks) this.counted = { at, tookMs: this.timeoutMs };
      this.onError();
      return this.last;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Records the pipeline's events and reports its backlog; every label set is bounded (no workspace or endpoint ids). */
export class PipelineMetrics implements PipelineEvents {
  private readonly processed: Counter<'kind' | 'outcome'>;
  private readonly recordFailures: Counter;
  private readonly deliveries: Counter<'outcome'>;
  private readonly lag: Histogram;
  private readonly disabled: Counter;
  private readonly training: Histogram<'outcome'>;
  private readonly uploadBytes: Counter;
  private readonly uploadRows: Counter;

  constructor(registry: Registry, stats: PipelineStats, options: BacklogReadOptions = {}) {
    const registers = [registry];
    let statsErrors = 0;
    const reader = new BacklogReader(stats, () => (statsErrors += 1), options);
    new Counter({
      name: 'textclass_pipeline_stats_errors_total',
      help: 'Scrapes whose backlog query failed or timed out (the gauges kept their last values)',
      registers,
      // Reported after this scrape's read, so a failure shows in the scrape that had it.
      async collect() {
        await reader.read();
        this.reset();
        this.inc(statsErrors);
      },
    });
    const jobFigure = (field: 'pending' | 'oldestAgeSeconds') =>
      async function collect(this: Gauge<'kind'>) {
        const backlog = await reader.read();
        for (const job of backlog?.jobs ?? []) this.set({ kind: job.kind }, job[field]);
      };
    new Gauge({
      name: 'textclass_jobs_pending',
      aggregator: SAME_DATABASE,
      help: 'Background jobs not finished (queued, running or waiting for a retry), in the database shared by all processes',
      labelNames: ['kind'],
      registers,
      collect: jobFigure('pending'),
    });
    new Gauge({
      name: 'textclass_jobs_oldest_age_seconds',
      aggregator: SAME_DATABASE,
      help: 'Age of the oldest unfinished background job by kind (0 when none), in the shared database',
      labelNames: ['kind'],
      registers,
      collect: jobFigure('oldestAgeSeconds'),
    });
    new Gauge({
      name: 'textclass_webhook_backlog',
      aggregator: SAME_DATABASE,
      help: 'Webhook deliveries pending (due or waiting for a retry), in the shared database; a count that takes t ms is reused for 20 t ms',
      registers,
      async collect() {
        const backlog = await reader.read();
        if (backlog?.webhookBacklog !== undefined) this.set(backlog.webhookBacklog);
      },
    });
    this.processed = new Counter({
      name: 'textclass_jobs_processed_total',
      help: 'Background jobs this process ran, by kind and outcome (succeeded, retried, failed)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.recordFailures = new Counter({
      name: 'textclass_record_failures_total',
      help: 'Dataset records a model failed on alone (the record shows it in failed_models; the rest of its job went on), per record and model',
      registers,
    });
    this.deliveries = new Counter({
      name: 'textclass_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: succeeded (2xx), retrying (failed, retry scheduled), failed (given up)',
      labelNames: ['outcome'],
      registers,
    });
    this.lag = new Histogram({
      name: 'textclass_webhook_delivery_lag_seconds',
      help: 'Time from the event stored in the outbox to the receiver answering 2xx',
      buckets: LAG_BUCKETS,
      registers,
    });
    this.disabled = new Counter({
      name: 'textclass_webhook_endpoints_disabled_total',
      help: 'Webhook endpoints the dispatcher disabled (the receiver answered 410 Gone)',
      registers,
    });
    this.training = new Histogram({
      name: 'textclass_training_duration_seconds',
      help: 'Duration of trainings that ended, by outcome',
      labelNames: ['outcome'],
      buckets: TRAINING_BUCKETS,
      registers,
    });
    this.uploadBytes = new Counter({
      name: 'textclass_upload_bytes_total',
      help: 'Bytes of file uploads received whole (after gzip decoding)',
      registers,
    });
    this.uploadRows = new Counter({
      name: 'textclass_upload_rows_total',
      help: 'Rows stored by completed file uploads',
      registers,
    });
    for (const kind of JOB_KINDS) for (const outcome of JOB_OUTCOMES) this.processed.inc({ kind, outcome }, 0);
    for (const outcome of DELIVERY_OUTCOMES) this.deliveries.inc({ outcome }, 0);
  }

  jobFinished(kind: JobKind, outcome: JobOutcome): void {
    this.processed.inc({ kind, outcome });
  }

  recordFailed(): void {
    this.recordFailures.inc();
  }

  deliveryAttempted(report: DeliveryAttemptReport): void {
    this.deliveries.inc({ outcome: report.outcome });
    if (report.lagSeconds !== null) this.lag.observe(report.lagSeconds);
  }

  endpointDisabled(): void {
    this.disabled.inc();
  }

  trainingFinished(outcome: 'succeeded' | 'failed', seconds: number): void {
    this.training.observe({ outcome }, seconds);
  }

  uploadReceived(bytes: number): void {
    this.uploadBytes.inc(bytes);
  }

  uploadFinished(outcome: 'succeeded' | 'failed', rowsStored: number): void {
    this.processed.inc({ kind: 'upload', outcome });
    if (rowsStored > 0) this.uploadRows.inc(rowsStored);
  }
}
