// Secret scrubbing of free text before it reaches the logs.
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './logger.js';

describe('scrubSecrets', () => {
  it('masks URL passwords, bearer tokens and API keys, and leaves other text alone', () => {
    expect(scrubSecrets('connect postgres://app:s3cr3t@db:5432/x failed')).toBe(
      'connect postgres://app:[redacted]@db:5432/x failed',
    );
    expect(scrubSecrets('redis://:pw@cache:6379')).toBe('redis://:[redacted]@cache:6379');
    expect(scrubSecrets('header Bearer abc.def')).toBe('header [redacted]');
    expect(scrubSecrets('key tc_0123456789abcdefghij_x here')).toBe('key [redacted] here');
    expect(scrubSecrets('http://host/path?q=1 and user@example.com')).toBe('http://host/path?q=1 and user@example.com');
  });
});
