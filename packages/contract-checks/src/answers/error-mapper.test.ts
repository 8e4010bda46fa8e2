// The error mapper on what body parsing and routing throw: codings, broken gzip, undecodable paths, media types.
import { describe, expect, it } from 'vitest';
import { toAnswerError } from './error-mapper.js';

describe('toAnswerError', () => {
  it('maps a body that does not inflate to 400 naming the body', () => {
    const zlib = Object.assign(new Error('incorrect header check'), { code: 'Z_DATA_ERROR', status: 400 });
    expect(toAnswerError(zlib)).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'body: not valid gzip (Content-Encoding: gzip)',
    });
  });

  it('maps a coding body-parser refuses to 400 naming Content-Encoding', () => {
    const refused = Object.assign(new Error('unsupported'), {
      status: 415,
      type: 'encoding.unsupported',
      encoding: 'br',
    });
    expect(toAnswerError(refused)).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'Content-Encoding: "br" is not supported; send gzip or identity',
    });
  });

  it('maps an undecodable path parameter to 400, not 500', () => {
    const decode = Object.assign(new URIError("Failed to decode param '%ud800'"), { status: 400 });
    expect(toAnswerError(decode).code).toBe('INVALID_PARAMETER');
  });

  it('maps an unsupported media type or charset to 415 UNSUPPORTED_MEDIA_TYPE', () => {
    expect(toAnswerError({ status: 415, message: 'unsupported media type text/plain' }).code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(toAnswerError({ status: 415, type: 'charset.unsupported' }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
