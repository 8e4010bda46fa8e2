// What a failed request means to the person at the console: one sentence per status, the server's reason after it.

export interface Failure {
  message: string;
  retryAfterSeconds: number | null;
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const HEADLINES: Record<number, string> = {
  400: 'The request was refused as invalid.',
  401: 'Your API key was not accepted (it may be revoked). Sign in again with a valid key.',
  403: 'Your API key is not allowed to do this.',
  404: 'Not found: it may have been deleted, or it belongs to another workspace.',
  409: 'This conflicts with the current state (another change got there first, or it is busy).',
  413: 'That is too large for the server to accept.',
  429: 'Too many requests.',
};

export function describeFailure(status: number, body: Record<string, unknown>, retryAfter: string | null): Failure {
  const reason = typeof body.message === 'string' && body.message !== '' ? body.message : null;
  const wait = retryAfterSeconds(retryAfter);
  let headline = HEADLINES[status] ?? (status >= 500 ? 'The server failed to answer.' : `Request failed (${status}).`);
  if (status === 429) {
    headline =
      wait === null
        ? 'Too many requests: wait a moment, then try again.'
        : `Too many requests: try again in ${wait} s (at ${new Date(Date.now() + wait * 1000).toLocaleTimeString()}).`;
  }
  if (status === 403 && body.error_code === 'QUOTA_EXCEEDED') headline = 'The monthly quota is used up.';
  return { message: reason ? `${headline} ${reason}` : headline, retryAfterSeconds: status === 429 ? wait : null };
}
