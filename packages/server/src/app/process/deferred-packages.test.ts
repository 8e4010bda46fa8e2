import { describe, expect, it } from 'vitest';
import { checkDeferredPackages, DEFERRED_PACKAGES } from './deferred-packages.js';

describe('checkDeferredPackages', () => {
  it('passes when every package loaded on first use is installed', () => {
    expect(DEFERRED_PACKAGES).toContain('csv-parse');
    expect(() => checkDeferredPackages()).not.toThrow();
  });

  it('names the packages that are missing', () => {
    expect(() => checkDeferredPackages(['csv-parse', 'textclass-no-such-package'])).toThrow(
      'packages this server needs are not installed: textclass-no-such-package (reinstall textclass)',
    );
  });
});
