// Receiving side of textclass webhooks: Standard Webhooks signature and timestamp checks, and an Express-compatible middleware.
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { components } from './generated/contract.js';

export type ClassificationCompletedEvent = components['schemas']['ClassificationCompletedEvent'];

export type WebhookErrorCode =
  'MISSING_HEADERS' | 'INVALID_TIMESTAMP' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'INVALID_SIGNATURE' | 'INVALID_BODY';

/** Thrown by verifyWebhook; `code` says which check failed. Answer the sender with 400 and do not process the event. */
export class WebhookVerificationError extends Error {
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

/** Fetch `Headers`, or Node's / Express's incoming headers object. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** Largest accepted difference between `webhook-timestamp` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time (for tests); default `new Date()`. */
  now?: Date;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const value = Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/**
 * Checks a delivery's `webhook-signature` over the raw body (as received, before any JSON parsing) and its
 * `webhook-timestamp` against the tolerance; returns the parsed event, or throws WebhookVerificationError.
 */
export function verifyWebhook<T = ClassificationCompletedEvent>(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): T {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      'MISSING_HEADERS',
      'webhook-id, webhook-timestamp and webhook-signature are required',
    );
  if (!/^\d{1,12}$/.test(timestamp))
    throw new WebhookVerificationError('INVALID_TIMESTAMP', 'webhook-timestamp is not Unix seconds');
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - seconds) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      'webhook-timestamp is too far from now (a replay or a wrong clock)',
    );
  }
  const body =
    typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = Buffer.from(new Webhook(secret).sign(id, new Date(seconds * 1000), body).split(',')[1] ?? '');
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches)
    throw new WebhookVerificationError('INVALID_SIGNATURE', 'no webhook-signature matches the body and secret');
  try {
    return JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as T;
  } catch {
    throw new WebhookVerificationError('INVALID_BODY', 'the body is not JSON');
  }
}

/** The parts of an Express (or node:http) request the middleware uses; express itself is not a dependency. */
export interface WebhookRequestLike {
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** A Buffer or string when a raw body parser ran before (e.g. `express.raw({ type: 'application/json' })`). */
  body?: unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** Set to the verified event before `next()` is called. */
  webhook?: unknown;
}

export interface WebhookResponseLike {
  status(code: number): { json(body: unknown): unknown };
}

/**
 * Express middleware: reads the raw body (or takes the Buffer/string an earlier raw parser left in `req.body`), verifies it,
 * sets `req.webhook` to the event and calls `next()`; answers 400 `{error, code}` when verification fails.
 * Mount it before any JSON body parser on the webhook route.
 */
export function webhookMiddleware(secret: string, options: VerifyWebhookOptions = {}) {
  return (req: WebhookRequestLike, res: WebhookResponseLike, next: (error?: unknown) => void): void => {
    const verify = (raw: string | Uint8Array) => {
      try {
        req.webhook = verifyWebhook(secret, req.headers, raw, options);
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          res.status(400).json({ error: error.message, code: error.code });
          return;
        }
        next(error);
        return;
      }
      next();
    };
    if (typeof req.body === 'string' || req.body instanceof Uint8Array) {
      verify(req.body);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    req.on('end', () => verify(Buffer.concat(chunks)));
    req.on('error', (error: unknown) => next(error));
  };
}
