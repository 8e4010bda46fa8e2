// What every answer to a hostile request must be: below 500, and on an error the contract's error object.
import type { WireResponse } from './wire.js';
import { ERROR_CODES } from './contract.js';

const ERROR_KEYS = ['error_code', 'message', 'request_id', 'status'];

/** Why the answer breaks the rules, or undefined when it keeps them. */
export function verdict(res: WireResponse, mustFail: boolean): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status < 400)
    return mustFail ? `answered ${res.status} to a request that names no resource of ours` : undefined;
  const body = res.json as Record<string, unknown> | undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return `error ${res.status} without a JSON error object`;
  const keys = Object.keys(body).sort();
  if (keys.join() !== ERROR_KEYS.join()) return `error object with the fields ${keys.join(', ')}`;
  if (body.status !== res.status) return `error object status ${String(body.status)} on a ${res.status}`;
  if (typeof body.message !== 'string' || body.message.length === 0) return 'error object without a message';
  if (typeof body.error_code !== 'string' || !ERROR_CODES.has(body.error_code))
    return `error_code ${JSON.stringify(body.error_code)} outside the contract's set`;
  if (typeof body.request_id !== 'string' || body.request_id.length === 0) return 'error object without a request_id';
  if (res.headers['x-request-id'] !== body.request_id) return 'X-Request-Id header differs from the body request_id';
  return undefined;
}
