// OpenAI's error object from the contract's error codes: type and code by error, param from the field the message names.
import { describe, expect, it } from 'vitest';
import type { AnswerCode } from '../errors/http-error.js';
import { openAiErrorBody } from './openai-errors.js';

/** Any error carrying a code: the checks' own and a host's domain errors alike. */
const body = (code: AnswerCode, message: string) => openAiErrorBody({ code, message }).error;

describe('openAiErrorBody', () => {
  it('names the field of a 400 as param, with the error code in lower case', () => {
    expect(body('INVALID_PARAMETER', 'input[3]: must NOT have more than 10000 characters')).toEqual({
      message: 'input[3]: must NOT have more than 10000 characters',
      type: 'invalid_request_error',
      param: 'input[3]',
      code: 'invalid_parameter',
    });
    expect(body('MISSING_REQUIRED_FIELD', 'model: this field is required')).toMatchObject({
      param: 'model',
      code: 'missing_required_field',
    });
  });

  it('gives no param for the body, headers and messages that name no field', () => {
    expect(body('MALFORMED_JSON', 'body: the request body is not valid JSON').param).toBeNull();
    expect(body('UNAUTHORIZED', 'Authorization: the API key is invalid or revoked')).toMatchObject({
      param: null,
      code: 'invalid_api_key',
      type: 'invalid_request_error',
    });
    expect(body('INTERNAL_ERROR', 'an unexpected error occurred; quote the request_id to support')).toMatchObject({
      param: null,
      type: 'server_error',
      code: 'internal_error',
    });
  });

  it('maps an unknown model to model_not_found, and limits and quota to their OpenAI types', () => {
    expect(body('NOT_FOUND', 'model: no encoder "x" on this server; it has a, b')).toMatchObject({
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    });
    expect(body('NOT_FOUND', 'no endpoint matches this path; see /docs').code).toBe('not_found');
    expect(body('RATE_LIMITED', 'rate limit of 60 requests per minute exceeded; retry after 3 s')).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
    expect(body('QUOTA_EXCEEDED', 'the monthly quota …')).toMatchObject({
      type: 'insufficient_quota',
      code: 'quota_exceeded',
    });
    expect(body('FORBIDDEN', 'this API key has role "reader"')).toMatchObject({
      type: 'permission_error',
      code: 'forbidden',
    });
  });
});
