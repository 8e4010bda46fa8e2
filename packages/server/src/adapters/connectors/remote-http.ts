// Calls a vendor's HTTP API for a connector: timeouts, bounded retries with backoff, 429 waits, errors as RemoteSystemError.
import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { checkConnectorBaseUrl, guardedLookup } from './base-url.js';

/** What a vendor's API says in its own way: the message of an error body, and how long its rate-limit headers ask to wait. */
export interface VendorProtocol {
  /** The remote's own message from an error body (parsed JSON, or null when the body is not JSON; `text` is the raw body). */
  errorMessage(status: number, body: unknown, text: string): string | null;
  /** Seconds a 429 asks to wait, from headers other than `Retry-After` (which is read for every vendor). */
  rateLimitWaitSeconds?(headers: IncomingHttpHeaders): number | null;
  /** Seconds to pause before the next call when a successful answer says the budget is spent (remaining 0). */
  pauseAfterSuccessSeconds?(headers: IncomingHttpHeaders): number | null;
}

export interface RemoteHttpOptions {
  /** Loopback, private and link-local base URLs are refused unless this is true. */
  allowPrivateAddresses: boolean;
  /** One attempt's limit, from sending to the last byte of the answer (30 s). */
  timeoutMs?: number;
  /** Attempts for 5xx, timeouts and dropped connections before giving up (4). */
  maxAttempts?: number;
  /** First backoff; it doubles each attempt, with jitter, up to `maxBackoffMs` (500 ms, 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** 429 answers waited out before giving up with `rate_limited` (3). */
  maxRateLimitWaits?: number;
  /** The longest wait a 429 may ask for; a longer one fails at once with `rate_limited` (120 s). */
  maxRateLimitWaitSeconds?: number;
  /** The DNS lookup (node:dns's by default; tests inject one). */
  lookup?: LookupFunction;
}

export interface RemoteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path and query, appended to the base URL's path. */
  path: string;
  body?: unknown;
  /**
   * Whether 5xx, timeouts and dropped connections are tried again here (GET only, by default): a write whose answer
   * was lost may have been made, so the write-back checks its marker before trying again (write-once.ts).
   */
  retry?: boolean;
}

export interface RemoteResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface RemoteHttp {
  request(request: RemoteRequest, signal?: AbortSignal): Promise<RemoteResponse>;
  /** Attempts a failed call gets (`maxAttempts`), and the backoff before attempt `n + 1`, for callers that retry themselves. */
  readonly maxAttempts: number;
  backoffMs(failures: number): number;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A failed attempt that may succeed when tried again: no answer in time, or the connection went away. */
class TransientFailure extends Error {
  constructor(
    readonly kind: 'remote' | 'network',
    message: string,
  ) {
    super(message);
  }
}

const MAX_MESSAGE = 500;

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/** A header's value as a number, or null. */
export function numericHeader(headers: IncomingHttpHeaders, name: string): number | null {
  const key = name.toLowerCase();
  const value = Object.hasOwn(headers, key) ? headers[key] : undefined;
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** One attempt: the whole answer, or a TransientFailure when none came in time or the connection dropped. */
function sendOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  lookup: LookupFunction,
  signal: AbortSignal | undefined,
): Promise<RawAnswer> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, answer?: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(answer!);
    };
    const req = send(url, { method, headers, lookup, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('aborted', () => finish(new TransientFailure('network', 'the connection dropped during the answer')));
      res.on('error', () => finish(new TransientFailure('network', 'the connection dropped during the answer')));
      res.on('end', () => {
        if (!res.complete) return finish(new TransientFailure('network', 'the connection dropped during the answer'));
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    const timer = setTimeout(() => {
      finish(new TransientFailure('remote', `no complete answer within ${timeoutMs / 1000} s`));
      req.destroy();
    }, timeoutMs);
    const onAbort = () => {
      finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      req.destroy();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Only the error's code and message: node's errors name the host and port, never the request's headers.
      const refused = /non-public address/.test(error.message);
      finish(
        refused
          ? new RemoteSystemError('rejected', null, error.message)
          : new TransientFailure('network', error.code ? `connection failed (${error.code})` : error.message),
      );
    });
    req.end(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}

/**
 * A client for one account's API. `authorization` is the value of the Authorization header; it is sent with every
 * request and appears in no error message. The base URL is checked once against the address guard, and every
 * connection's address again where it connects.
 */
export function createRemoteHttp(
  baseUrl: string,
  authorization: string,
  vendor: VendorProtocol,
  options: RemoteHttpOptions,
): RemoteHttp {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxRateLimitWaits = options.maxRateLimitWaits ?? 3;
  const maxWaitSeconds = options.maxRateLimitWaitSeconds ?? 120;
  const lookup = options.lookup ?? dnsLookup;
  const connectLookup = options.allowPrivateAddresses ? lookup : guardedLookup(lookup);
  const base = baseUrl.replace(/\/+$/, '');
  let baseChecked: Promise<void> | null = null;
  let pausedUntil = 0;

  const checkBase = () =>
    (baseChecked ??= checkConnectorBaseUrl(base, options.allowPrivateAddresses, lookup).then((problem) => {
      if (problem !== null) throw new RemoteSystemError('rejected', null, `the base URL ${problem}`);
    }));

  const remoteMessage = (answer: RawAnswer): string => {
    const parsed = parseJson(answer.text);
    const said = vendor.errorMessage(answer.status, parsed, answer.text);
    if (said !== null && said.trim() !== '') return clip(said);
    return answer.text.trim() === '' ? `HTTP ${answer.status}` : clip(answer.text);
  };

  const backoff = (attempt: number) => {
    const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  };

  return {
    maxAttempts,
    backoffMs: (failures) => backoff(failures - 1),
    async request(request, signal) {
      try {
        await checkBase();
      } catch (error) {
        baseChecked = null; // a DNS hiccup is not remembered; a refused address is refused again next time
        throw error;
      }
      const url = new URL(`${base}${request.path}`);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization,
        'user-agent': 'textclass-connectors',
      };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }

      const attempts = (request.retry ?? request.method === 'GET') ? maxAttempts : 1;
      let failures = 0;
      let rateLimitWaits = 0;
      for (;;) {
        const pause = pausedUntil - Date.now();
        if (pause > 0) await abortableSleep(pause, signal);
        let answer: RawAnswer;
        try {
          answer = await sendOnce(url, request.method, headers, body, timeoutMs, connectLookup, signal);
        } catch (error) {
          if (!(error instanceof TransientFailure)) throw error;
          failures += 1;
          if (failures >= attempts)
            throw new RemoteSystemError(error.kind, null, `${error.message} (after ${failures} attempts)`);
          await abortableSleep(backoff(failures - 1), signal);
          continue;
        }

        const { status } = answer;
        if (status >= 200 && status < 300) {
          const wait = vendor.pauseAfterSuccessSeconds?.(answer.headers) ?? null;
          if (wait !== null && wait > 0) pausedUntil = Date.now() + Math.min(wait, maxWaitSeconds) * 1000;
          return { status, headers: answer.headers, body: answer.text === '' ? null : parseJson(answer.text) };
        }
        if (status === 401 || status === 403) throw new RemoteSystemError('auth', status, remoteMessage(answer));
        if (status === 429) {
          const asked =
            parseRetryAfter(answer.headers['retry-after']) ?? vendor.rateLimitWaitSeconds?.(answer.headers) ?? null;
          const wait = asked ?? Math.min(maxWaitSeconds, backoff(rateLimitWaits) / 1000);
          if (rateLimitWaits >= maxRateLimitWaits || wait > maxWaitSeconds)
            throw new RemoteSystemError('rate_limited', status, remoteMessage(answer), asked);
          rateLimitWaits += 1;
          await abortableSleep(wait * 1000, signal);
          continue;
        }
        if (status >= 500) {
          failures += 1;
          if (failures >= attempts)
            throw new RemoteSystemError('remote', status, `${remoteMessage(answer)} (after ${failures} attempts)`);
          const asked = parseRetryAfter(answer.headers['retry-after']);
          const wait = asked !== null && asked <= maxWaitSeconds ? asked * 1000 : backoff(failures - 1);
          await abortableSleep(wait, signal);
          continue;
        }
        throw new RemoteSystemError('rejected', status, remoteMessage(answer));
      }
    },
  };
}

/** `Basic base64(user:password)`. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
