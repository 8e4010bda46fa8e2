// What the cluster primary answers its workers: rate-limit decisions on its one set of counters, and the whole service's metrics.
import type { Worker } from 'node:cluster';
import { InProcessRateLimiter } from '../../core/tenancy/rate-limiter.js';
import type { Logger } from '../../adapters/observability/logger.js';
import { aggregateMetrics, retiredTotals, type MetricsJson } from '../../adapters/observability/cluster-metrics.js';
import type { PrimaryMessage, WorkerMessage } from './protocol.js';

/** How long a scrape waits for each worker's part before it is answered with the parts that came. */
const COLLECT_TIMEOUT_MS = 3_000;

interface Collection {
  waiting: Set<number>;
  parts: MetricsJson[];
  finish(): void;
}

export class PrimaryServices {
  private readonly counters = new InProcessRateLimiter();
  /** Workers listening for the primary's messages (they said hello), by worker id. */
  private readonly listening = new Map<number, Worker>();
  /** Each worker's figures of its last scrape; a dead worker's counters and histograms live on in `retired`. */
  private readonly lastParts = new Map<number, MetricsJson>();
  private retired: MetricsJson = [];
  private readonly collections = new Map<number, Collection>();
  private nextCollection = 0;

  constructor(private readonly logger: Logger) {}

  handle(worker: Worker, message: WorkerMessage): void {
    switch (message.textclass) {
      case 'hello':
        this.listening.set(worker.id, worker);
        return;
      case 'limit': {
        const decide = message.take ? this.counters.consume : this.counters.peek;
        void decide
          .call(this.counters, message.key, message.limit)
          .then((decision) => reply(worker, { textclass: 'reply', id: message.id, decision }));
        return;
      }
      case 'metrics':
        this.gather().then(
          (text) => reply(worker, { textclass: 'reply', id: message.id, text }),
          (err: unknown) => reply(worker, { textclass: 'reply', id: message.id, error: String(err) }),
        );
        return;
      case 'metrics-part': {
        const collection = this.collections.get(message.id);
        if (collection === undefined || !collection.waiting.delete(worker.id)) return;
        if (message.metrics) {
          collection.parts.push(message.metrics);
          this.lastParts.set(worker.id, message.metrics);
        } else this.logger.warn({ worker: worker.id, error: message.error }, 'a worker could not report its metrics');
        if (collection.waiting.size === 0) collection.finish();
        return;
      }
      case 'ready':
        return; // the supervisor's business
    }
  }

  /** A worker is gone: its counters keep counting in the service's totals (from its last scrape), its gauges leave. */
  forget(worker: Worker): void {
    this.listening.delete(worker.id);
    const last = this.lastParts.get(worker.id);
    this.lastParts.delete(worker.id);
    for (const collection of this.collections.values())
      if (collection.waiting.delete(worker.id) && collection.waiting.size === 0) collection.finish();
    if (last) void retiredTotals(this.retired, last).then((totals) => (this.retired = totals));
  }

  /** Every listening worker's metrics, with the retired totals, as one service. */
  private gather(): Promise<string> {
    const id = this.nextCollection++;
    const workers = [...this.listening.values()].filter((worker) => worker.isConnected());
    return new Promise<string>((resolve, reject) => {
      const collection: Collection = {
        waiting: new Set(workers.map((worker) => worker.id)),
        parts: [],
        finish: () => {
          clearTimeout(timer);
          this.collections.delete(id);
          aggregateMetrics([...collection.parts, this.retired]).then(resolve, reject);
        },
      };
      const timer = setTimeout(() => {
        this.logger.warn({ workers: [...collection.waiting] }, 'metrics: workers did not report in time');
        collection.finish();
      }, COLLECT_TIMEOUT_MS);
      this.collections.set(id, collection);
      for (const worker of workers) reply(worker, { textclass: 'collect', id });
      if (workers.length === 0) collection.finish();
    });
  }
}

function reply(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message, undefined, () => undefined);
}
