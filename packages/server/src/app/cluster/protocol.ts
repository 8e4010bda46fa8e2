// The messages between the cluster primary and its workers (node:cluster IPC), each tagged `textclass` to tell them apart.
import type { MetricsJson } from '../../adapters/observability/cluster-metrics.js';
import type { RateLimitDecision } from '../../core/ports/rate-limits.js';

/** What a worker says to the primary. */
export type WorkerMessage =
  /** Listening for the primary's messages (sent first thing, so the primary asks only workers that can answer). */
  | { textclass: 'hello' }
  /** Serving: its URL and the API key line to print (the primary prints once, for all workers). */
  | { textclass: 'ready'; url: string; apiKeyLine: string; keyGenerated: boolean }
  /** A rate-limit decision on the primary's counters (shared by all workers). */
  | { textclass: 'limit'; id: number; key: string; limit: number; take: boolean }
  /** The whole service's metrics, aggregated by the primary over every serving worker. */
  | { textclass: 'metrics'; id: number }
  /** This worker's own metrics, answering the primary's `collect`. */
  | { textclass: 'metrics-part'; id: number; metrics?: MetricsJson; error?: string };

/** What the primary says to a worker. */
export type PrimaryMessage =
  | { textclass: 'reply'; id: number; decision?: RateLimitDecision; text?: string; error?: string }
  | { textclass: 'collect'; id: number };

const WORKER_KINDS = new Set(['hello', 'ready', 'limit', 'metrics', 'metrics-part']);
const PRIMARY_KINDS = new Set(['reply', 'collect']);

function tagged(message: unknown, kinds: Set<string>): boolean {
  const tag = (message as { textclass?: unknown } | null)?.textclass;
  return typeof tag === 'string' && kinds.has(tag);
}

export const isWorkerMessage = (message: unknown): message is WorkerMessage => tagged(message, WORKER_KINDS);
export const isPrimaryMessage = (message: unknown): message is PrimaryMessage => tagged(message, PRIMARY_KINDS);
