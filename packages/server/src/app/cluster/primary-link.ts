// A cluster worker's line to its primary: rate-limit decisions, the whole service's metrics, and its own metrics when asked.
import type { Registry } from 'prom-client';
import type { RateLimitDecision, RateLimiter } from '../../core/ports/rate-limits.js';
import type { Logger } from '../../adapters/observability/logger.js';
import type { Metrics } from '../../adapters/observability/prometheus-metrics.js';
import { registryAsJson } from '../../adapters/observability/cluster-metrics.js';
import { clusterRateLimiter } from './cluster-rate-limiter.js';
import { isPrimaryMessage, type PrimaryMessage, type WorkerMessage } from './protocol.js';

/** A decision waits this long for the primary before the worker counts on its own. */
const LIMIT_TIMEOUT_MS = 2_000;
/** The primary waits up to 3 s for each worker's part; a scrape gives up a little later. */
const METRICS_TIMEOUT_MS = 5_000;

type Reply = Extract<PrimaryMessage, { textclass: 'reply' }>;
type Request =
  | Omit<Extract<WorkerMessage, { textclass: 'limit' }>, 'id'>
  | Omit<Extract<WorkerMessage, { textclass: 'metrics' }>, 'id'>;

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** What a worker's runtime takes from the cluster: shared rate-limit counters and service-wide metrics. */
export interface WorkerLink {
  rateLimiter(logger: Logger): RateLimiter;
  shareMetrics(metrics: Metrics): void;
}

export class PrimaryLink implements WorkerLink {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private registry: Registry | undefined;

  constructor() {
    process.on('message', (message: unknown) => {
      if (isPrimaryMessage(message)) this.receive(message);
    });
    this.send({ textclass: 'hello' });
  }

  /** Tells the primary that this worker serves (it prints the URL and key once for all). */
  ready(url: string, apiKeyLine: string, keyGenerated: boolean): void {
    this.send({ textclass: 'ready', url, apiKeyLine, keyGenerated });
  }

  rateLimiter(logger: Logger): RateLimiter {
    return clusterRateLimiter((key, limit, take) => this.limit({ textclass: 'limit', key, limit, take }), logger);
  }

  /** GET /metrics of any worker answers for the whole service; this worker's own figures go to the primary on request. */
  shareMetrics(metrics: Metrics): void {
    this.registry = metrics.registry;
    metrics.renderWith(async () => {
      const reply = await this.request({ textclass: 'metrics' }, METRICS_TIMEOUT_MS);
      if (reply.text === undefined) throw new Error(`the cluster primary could not gather metrics: ${reply.error}`);
      return reply.text;
    });
  }

  private async limit(request: Request): Promise<RateLimitDecision> {
    const reply = await this.request(request, LIMIT_TIMEOUT_MS);
    if (reply.decision === undefined) throw new Error(reply.error ?? 'no decision');
    return reply.decision;
  }

  private request(request: Request, timeoutMs: number): Promise<Reply> {
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the cluster primary did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      if (!this.send({ ...request, id } as WorkerMessage)) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new Error('the channel to the cluster primary is closed'));
      }
    });
  }

  private receive(message: PrimaryMessage): void {
    if (message.textclass === 'collect') {
      void this.sendOwnMetrics(message.id);
      return;
    }
    const pending = this.pending.get(message.id);
    if (pending === undefined) return; // answered after its timeout
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    pending.resolve(message);
  }

  private async sendOwnMetrics(id: number): Promise<void> {
    try {
      this.send({ textclass: 'metrics-part', id, metrics: this.registry ? await registryAsJson(this.registry) : [] });
    } catch (err) {
      this.send({ textclass: 'metrics-part', id, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private send(message: WorkerMessage): boolean {
    if (!process.connected || process.send === undefined) return false;
    // A send failing as the channel closes is answered by the timeout, and the worker exits with the channel anyway.
    process.send(message, undefined, undefined, () => undefined);
    return true;
  }
}
