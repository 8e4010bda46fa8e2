// Vitest settings for the contract checks: unit tests next to the code, over the real bundled contract and validator.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    ...reportersFor('contract-checks'),
  },
});
