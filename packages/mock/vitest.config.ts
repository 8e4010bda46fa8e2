// Vitest settings for the mock package: each test file starts its own Prism on a free port.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    ...reportersFor('mock'),
  },
});
