// Vitest settings for the project's own ESLint rules (`npm run test:lint-rules`): each rule run on fixtures.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    ...reportersFor('lint-rules'),
  },
});
