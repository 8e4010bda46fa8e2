// Unit tests of the console's error messages: each status a clear sentence, 429 with when to retry.
import { describe, expect, it } from 'vitest';
import { describeFailure, retryAfterSeconds } from './errors.js';

describe('describeFailure', () => {
  it('says what 401, 403, 404 and 409 mean and keeps the server reason', () => {
    expect(describeFailure(401, { message: 'Authorization: the API key is invalid or revoked' }, null).message).toMatch(
      /not accepted.*Sign in again.*invalid or revoked/,
    );
    expect(describeFailure(403, {}, null).message).toMatch(/not allowed/);
    expect(describeFailure(403, { error_code: 'QUOTA_EXCEEDED' }, null).message).toMatch(/quota/);
    expect(describeFailure(404, {}, null).message).toMatch(/Not found/);
    expect(describeFailure(409, { message: 'name taken' }, null).message).toMatch(/conflicts.*name taken/);
  });

  it('tells when to retry after a 429, from seconds or an HTTP date', () => {
    const failure = describeFailure(429, { message: 'rate limit' }, '7');
    expect(failure.retryAfterSeconds).toBe(7);
    expect(failure.message).toMatch(/try again in 7 s/);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(28);
    expect(describeFailure(429, {}, null).message).toMatch(/wait a moment/);
  });
});
