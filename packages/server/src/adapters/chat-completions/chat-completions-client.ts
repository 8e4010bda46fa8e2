// ChatCompletions over HTTP: POST {url}/chat/completions with a deadline, bounded retries, and fallbacks for servers that reject optional features.
import { DomainError } from '../../core/shared/domain-errors.js';
import type { ChatAnswer, ChatCompletions, ChatContext, ChatRequest } from '../../core/ports/chat.js';
import type { Logger } from '../observability/logger.js';
import { chatBody, featuresBlamed, featuresOf, parseChatCompletion, type ChatFeature } from './chat-wire.js';
import type { LlmEndpointConfig } from './endpoints-config.js';
import { retryAfterSeconds } from './retry-after.js';
import { Semaphore, SlotWaitTimeoutError, WaitQueueFullError } from './semaphore.js';

export interface ChatCompletionsClientOptions {
  /** Where the keys named by api_key_env are read (process.env unless given). */
  env?: NodeJS.ProcessEnv;
  logger?: Pick<Logger, 'warn'>;
  /** Retries after a connection error, 429 or 5xx (2 unless given); all attempts share the endpoint's timeout. */
  maxRetries?: number;
  /** First backoff delay in ms, doubled per retry, when the endpoint sends no Retry-After (200 unless given). */
  backoffMs?: number;
}

/** Retry-After we send our own callers after a transient upstream failure. */
const TRANSIENT_RETRY_AFTER_S = 5;

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A connection failure's code (ECONNRESET, ECONNREFUSED …), never its message (which may quote the URL). */
function connectionReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : 'connection failed';
}

function statusProblem(status: number): string {
  if (status === 401 || status === 403) return `refused the credentials (HTTP ${status}); check its api_key_env`;
  if (status === 404) return 'answered HTTP 404; check its url and model';
  if (status === 429) return 'is rate limiting requests (HTTP 429)';
  if (status >= 500) return `failed (HTTP ${status})`;
  return `rejected the request (HTTP ${status})`;
}

const retryable = (status: number) => status === 429 || status >= 500;

export class ChatCompletionsClient implements ChatCompletions {
  private readonly slots = new Map<string, Semaphore>();
  /** Features each endpoint was seen to reject (and to answer without). */
  private readonly unsupported = new Map<string, Set<ChatFeature>>();
  private readonly env: NodeJS.ProcessEnv;
  private readonly maxRetries: number;
  private readonly backoffMs: number;

  constructor(
    private readonly endpoints: ReadonlyMap<string, LlmEndpointConfig>,
    private readonly options: ChatCompletionsClientOptions = {},
  ) {
    this.env = options.env ?? process.env;
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffMs = options.backoffMs ?? 200;
  }

  maxConcurrency(endpoint: string): number {
    return this.endpoints.get(endpoint)?.maxConcurrency ?? 1;
  }

  async complete(name: string, request: ChatRequest, context: ChatContext = {}): Promise<ChatAnswer> {
    const who = `the LLM endpoint "${name}"${context.modelId === undefined ? '' : ` of model ${context.modelId}`}`;
    const endpoint = this.endpoints.get(name);
    if (!endpoint)
      throw new DomainError('UNAVAILABLE', `${who} is not configured on this server`, { retryAfterSeconds: 60 });
    let slot = this.slots.get(name);
    if (!slot) {
      slot = new Semaphore(endpoint.maxConcurrency, endpoint.maxQueue);
      this.slots.set(name, slot);
    }
    const deadline = Date.now() + endpoint.timeoutMs;
    try {
      return await slot.run(() => this.send(endpoint, who, request, deadline), deadline);
    } catch (error) {
      if (error instanceof WaitQueueFullError) {
        throw new DomainError(
          'UNAVAILABLE',
          `${who} is busy: ${error.waiting} calls wait for its ${endpoint.maxConcurrency} connections; retry shortly`,
          { retryAfterSeconds: 1 },
        );
      }
      if (error instanceof SlotWaitTimeoutError) {
        throw new DomainError(
          'UNAVAILABLE',
          `${who} timed out after ${endpoint.timeoutMs / 1000} s waiting for one of its ${endpoint.maxConcurrency} connections`,
          { retryAfterSeconds: TRANSIENT_RETRY_AFTER_S },
        );
      }
      throw error;
    }
  }

  private headers(endpoint: LlmEndpointConfig): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const name = endpoint.apiKeyEnv;
    const key = name !== undefined && Object.hasOwn(this.env, name) ? this.env[name] : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    return headers;
  }

  /** One call and its retries, all before `deadline` (set when the call began waiting for a connection). */
  private async send(
    endpoint: LlmEndpointConfig,
    who: string,
    request: ChatRequest,
    deadline: number,
  ): Promise<ChatAnswer> {
    const timedOut = () =>
      new DomainError('UNAVAILABLE', `${who} timed out after ${endpoint.timeoutMs / 1000} s`, {
        retryAfterSeconds: TRANSIENT_RETRY_AFTER_S,
      });
    const known = this.unsupported.get(endpoint.name) ?? new Set<ChatFeature>();
    const dropped = new Set(known);
    let retries = 0;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw timedOut();
      const features = featuresOf(request, dropped);
      let status: number;
      let body: string;
      let retryAfter: number | undefined;
      try {
        const response = await fetch(`${endpoint.url}/chat/completions`, {
          method: 'POST',
          headers: this.headers(endpoint),
          body: JSON.stringify(chatBody(endpoint.model, request, features)),
          redirect: 'error',
          signal: AbortSignal.timeout(remaining),
        });
        status = response.status;
        retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
        body = await response.text();
      } catch (error) {
        if (isAbort(error)) throw timedOut();
        const reason = connectionReason(error);
        if (retries < this.maxRetries && (await this.waitBeforeRetry(this.backoffMs * 2 ** retries, deadline))) {
          retries += 1;
          this.options.logger?.warn(
            { endpoint: endpoint.name, reason, retry: retries },
            'LLM endpoint unreachable, retrying',
          );
          continue;
        }
        throw new DomainError('UNAVAILABLE', `${who} could not be reached (${reason})`, {
          retryAfterSeconds: TRANSIENT_RETRY_AFTER_S,
          cause: error,
        });
      }
      if (status >= 200 && status < 300) {
        const answer = parseChatCompletion(body);
        if (!answer)
          throw new DomainError('UNAVAILABLE', `${who} returned a body that is not a chat completion`, {
            retryAfterSeconds: TRANSIENT_RETRY_AFTER_S,
          });
        if (dropped.size > known.size) this.unsupported.set(endpoint.name, dropped);
        return answer;
      }
      if (status === 400 && features.size > 0) {
        const blamed = featuresBlamed(body, features);
        for (const feature of blamed) dropped.add(feature);
        this.options.logger?.warn(
          { endpoint: endpoint.name, without: blamed },
          'LLM endpoint rejected optional request features, retrying without them',
        );
        continue;
      }
      if (retryable(status) && retries < this.maxRetries) {
        const waitMs = retryAfter === undefined ? this.backoffMs * 2 ** retries : retryAfter * 1000;
        if (await this.waitBeforeRetry(waitMs, deadline)) {
          retries += 1;
          this.options.logger?.warn(
            { endpoint: endpoint.name, status, retry: retries },
            'LLM endpoint failed, retrying',
          );
          continue;
        }
      }
      throw new DomainError('UNAVAILABLE', `${who} ${statusProblem(status)}`, {
        retryAfterSeconds: retryAfter ?? TRANSIENT_RETRY_AFTER_S,
      });
    }
  }

  /** Sleeps `ms` and returns true, or returns false at once when that would pass the deadline. */
  private async waitBeforeRetry(ms: number, deadline: number): Promise<boolean> {
    if (Date.now() + ms >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return true;
  }
}
