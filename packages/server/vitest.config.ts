// Vitest settings for the server package: unit tests next to the code, black-box tests under test/ (the waiting lane's
// files run beside these, from vitest.waiting.config.ts).
import { configDefaults, defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';
import { WAITING_TEST_FILES } from './test/waiting-lane.js';

/** The limits and pool both lanes run under. */
export const SERVER_TEST_SETTINGS = { testTimeout: 30_000, hookTimeout: 120_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...WAITING_TEST_FILES],
    ...SERVER_TEST_SETTINGS,
    maxWorkers: 2,
    ...reportersFor('server'),
  },
});
