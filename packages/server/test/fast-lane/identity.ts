// Compares two servers' answers to the same request: status, every header in order (Date, generated ids and timing aside), body.
import type { RawAnswer } from './raw-exchange.js';

const GENERATED_ID = /^req_[0-9a-f]{32}$/;

/** The body with what legitimately differs between two servers replaced: generated ids, measured and start-up times. */
export function normalisedBody(body: string): string {
  return body
    .replace(/"req_[0-9a-f]{32}"/g, '"req_*"')
    .replace(/"processing_time_ms":\d+/g, '"processing_time_ms":0')
    .replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"/g, '"<time>"');
}

/** Differences between two answers to the same request, as readable lines (none: identical). */
export function differences(fast: RawAnswer, reference: RawAnswer): string[] {
  const found: string[] = [];
  if (fast.status !== reference.status) found.push(`status ${fast.status} vs ${reference.status}`);
  const sameBytes = fast.body === reference.body;
  if (!sameBytes && normalisedBody(fast.body) !== normalisedBody(reference.body))
    found.push(`body ${fast.body} vs ${reference.body}`);
  const names = (answer: RawAnswer) => answer.headers.map(([name]) => name).join(', ');
  if (names(fast) !== names(reference)) found.push(`header names [${names(fast)}] vs [${names(reference)}]`);
  fast.headers.forEach(([name, value], i) => {
    const other = reference.headers[i]?.[1];
    const lower = name.toLowerCase();
    if (other === undefined || value === other || lower === 'date') return;
    if (lower === 'x-request-id' && GENERATED_ID.test(value) && GENERATED_ID.test(other)) return;
    // Bodies that differ only in a generated id or a measured time differ in length and hash too.
    if (!sameBytes && (lower === 'content-length' || lower === 'etag')) return;
    // Each server's limiter window opened at its own first request, milliseconds apart: the rounded second may differ.
    if ((lower === 'x-ratelimit-reset' || lower === 'retry-after') && Math.abs(Number(value) - Number(other)) <= 1)
      return;
    found.push(`${name}: ${value} vs ${other}`);
  });
  for (const answer of [fast, reference]) {
    const length = answer.headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1];
    if (length !== undefined && Number(length) !== Buffer.byteLength(answer.body) && answer.body !== '')
      found.push(`Content-Length ${length} does not match a body of ${Buffer.byteLength(answer.body)} bytes`);
  }
  return found;
}
