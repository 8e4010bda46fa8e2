// What every answer to a hostile request must be: below 500, and on an error the contract's error object.
import type { WireResponse } from './wire.js';
import { ERROR_CODES } from './contract.js';

const ERROR_KEYS = ['error_code', 'message', 'request_id', 'status'];

const OPENAI_ERROR_KEYS = ['code', 'message', 'param', 'type'];

/** OpenAI's error object, which the OpenAI-compatible /v1 endpoints answer with. */
function openAiVerdict(res: WireResponse, body: Record<string, unknown>): string | undefined {
  const error = body.error as Record<string, unknown> | undefined;
  if (Object.keys(body).join() !== 'error' || error === null || typeof error !== 'object')
    return `error object with the fields ${Object.keys(body).sort().join(', ')}`;
  const keys = Object.keys(error).sort();
  if (keys.join() !== OPENAI_ERROR_KEYS.join()) return `OpenAI error object with the fields ${keys.join(', ')}`;
  if (typeof error.message !== 'string' || error.message.length === 0) return 'error object without a message';
  if (typeof error.type !== 'string' || typeof error.code !== 'string') return 'OpenAI error without a type or code';
  if (!res.headers['x-request-id']) return 'no X-Request-Id header';
  return undefined;
}

/** Why the answer breaks the rules, or undefined when it keeps them (`openai`: the /v1 endpoints' error shape). */
export function verdict(
  res: WireResponse,
  mustFail: boolean,
  shape: 'contract' | 'openai' = 'contract',
): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status < 400)
    return mustFail ? `answered ${res.status} to a request that names no resource of ours` : undefined;
  const body = res.json as Record<string, unknown> | undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return `error ${res.status} without a JSON error object`;
  if (shape === 'openai') return openAiVerdict(res, body);
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
