// Vitest settings for the contract package: lint and generated-file drift, as tests.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    ...reportersFor('openapi'),
  },
});
