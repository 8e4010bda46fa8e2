// OpenAI's error object for the /v1 endpoints, from the same error codes and statuses as the contract's.
import type { AnswerCode, AnswerError } from '../errors/http-error.js';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const TYPE_OF: Partial<Record<AnswerCode, string>> = {
  FORBIDDEN: 'permission_error',
  QUOTA_EXCEEDED: 'insufficient_quota',
  RATE_LIMITED: 'rate_limit_error',
  INTERNAL_ERROR: 'server_error',
  UNAVAILABLE: 'server_error',
};

const CODE_OF: Partial<Record<AnswerCode, string>> = {
  UNAUTHORIZED: 'invalid_api_key',
  RATE_LIMITED: 'rate_limit_exceeded',
};

/** The request field a message names first ("input[2]: …" → input[2]); null for headers, the body and paths. */
function paramOf(message: string): string | null {
  const field = /^([a-z_][a-z0-9_]*(?:\[\d+\]|\.[a-z0-9_]+)*): /.exec(message)?.[1];
  return field === undefined || field === 'body' || field === 'path' ? null : field;
}

export function openAiErrorBody(error: AnswerError): OpenAiErrorBody {
  const param = paramOf(error.message);
  let code = CODE_OF[error.code] ?? error.code.toLowerCase();
  if (error.code === 'NOT_FOUND' && param === 'model') code = 'model_not_found';
  return {
    error: { message: error.message, type: TYPE_OF[error.code] ?? 'invalid_request_error', param, code },
  };
}
