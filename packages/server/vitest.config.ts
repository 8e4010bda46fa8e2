// Vitest settings for the server package: unit tests next to the code, black-box tests under test/.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    ...reportersFor('server'),
  },
});
