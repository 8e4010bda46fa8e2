// Prometheus metrics (prom-client): HTTP requests by route template, refusals by reason, batching queues, encoder time, embedding cache.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Why a request was refused (429, 403 and 503 answers), a closed set. */
export type RefusalReason = 'rate_limited' | 'quota_exceeded' | 'unavailable' | 'forbidden';
const REFUSAL_REASONS: readonly RefusalReason[] = ['rate_limited', 'quota_exceeded', 'unavailable', 'forbidden'];

/** Something with a queue to report: an encoder's batching queue. */
export interface QueueSource {
  readonly id: string;
  readonly queueDepth: number;
}

/** What the embedding cache holds and has served (read at scrape time). */
export interface CacheFigures {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** The serving stack's observer (batches, cache lookups, queues) and the HTTP layer's, reported to Prometheus. */
export class Metrics {
  readonly registry = new Registry();
  private readonly queues: QueueSource[] = [];
  private cacheStats: (() => CacheFigures) | undefined;
  private renderer: (() => Promise<string>) | undefined;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter<'reason'>;
  private readonly batchTexts: Histogram<'encoder'>;
  private readonly batchTokens: Histogram<'encoder'>;
  private readonly encoderSeconds: Histogram<'encoder'>;
  private readonly cacheHits: Counter<'encoder'>;
  private readonly cacheMisses: Counter<'encoder'>;

  constructor(options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'textclass_http_requests_total',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'textclass_http_request_duration_seconds',
      help: 'HTTP request latency by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'textclass_refusals_total',
      help: 'Requests refused: rate_limited (429), quota_exceeded and forbidden (403), unavailable (503)',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of REFUSAL_REASONS) this.refusals.inc({ reason }, 0);
    const queues = this.queues;
    new Gauge({
      name: 'textclass_inference_queue_depth',
      help: 'Texts waiting in an encoder batching queue',
      labelNames: ['encoder'],
      registers,
      collect() {
        for (const q of queues) this.set({ encoder: q.id }, q.queueDepth);
      },
    });
    this.batchTexts = new Histogram({
      name: 'textclass_inference_batch_texts',
      help: 'Texts per encoder batch',
      labelNames: ['encoder'],
      buckets: SIZE_BUCKETS,
      registers,
    });
    this.batchTokens = new Histogram({
      name: 'textclass_inference_batch_tokens',
      help: 'Padded tokens (texts x longest) per encoder batch',
      labelNames: ['encoder'],
      buckets: SIZE_BUCKETS.map((b) => b * 64),
      registers,
    });
    this.encoderSeconds = new Histogram({
      name: 'textclass_encoder_duration_seconds',
      help: 'Time of one encoder batch call',
      labelNames: ['encoder'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.cacheHits = new Counter({
      name: 'textclass_embedding_cache_hits_total',
      help: 'Texts served from the embedding cache',
      labelNames: ['encoder'],
      registers,
    });
    this.cacheMisses = new Counter({
      name: 'textclass_embedding_cache_misses_total',
      help: 'Texts the embedding cache did not hold (embedded)',
      labelNames: ['encoder'],
      registers,
    });
    const stats = () => this.cacheStats?.();
    new Gauge({
      name: 'textclass_embedding_cache_bytes',
      help: 'Bytes held by the embedding cache (its vector chunks and keys)',
      registers,
      collect() {
        this.set(stats()?.bytes ?? 0);
      },
    });
    new Gauge({
      name: 'textclass_embedding_cache_entries',
      help: 'Embeddings held by the embedding cache',
      registers,
      collect() {
        this.set(stats()?.entries ?? 0);
      },
    });
  }

  watchQueue(queue: QueueSource): void {
    this.queues.push(queue);
  }

  watchCache(stats: () => CacheFigures): void {
    this.cacheStats = stats;
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  refusal(reason: RefusalReason): void {
    this.refusals.inc({ reason });
  }

  batch(encoderId: string, texts: number, tokens: number, seconds: number): void {
    this.batchTexts.observe({ encoder: encoderId }, texts);
    this.batchTokens.observe({ encoder: encoderId }, tokens);
    this.encoderSeconds.observe({ encoder: encoderId }, seconds);
  }

  lookups(encoderId: string, hits: number, misses: number): void {
    if (hits > 0) this.cacheHits.inc({ encoder: encoderId }, hits);
    if (misses > 0) this.cacheMisses.inc({ encoder: encoderId }, misses);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  /** Serve another text than this registry's: a cluster worker serves the whole service's, aggregated by the primary. */
  renderWith(render: () => Promise<string>): void {
    this.renderer = render;
  }

  render(): Promise<string> {
    return this.renderer ? this.renderer() : this.registry.metrics();
  }
}
