// Vitest settings for the server's waiting lane (test/waiting-lane.ts), run beside vitest.config.ts by `npm test`.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';
import { WAITING_TEST_FILES } from './test/waiting-lane.js';
import { SERVER_TEST_SETTINGS } from './vitest.config.js';

export default defineConfig({
  test: {
    include: [...WAITING_TEST_FILES],
    ...SERVER_TEST_SETTINGS,
    maxWorkers: WAITING_TEST_FILES.length,
    ...reportersFor('server-waiting'),
  },
});
