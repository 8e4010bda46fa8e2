// Vitest settings for the model-tools package: builder and evaluation tests next to the code, over the built server.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    ...reportersFor('model-tools'),
  },
});
