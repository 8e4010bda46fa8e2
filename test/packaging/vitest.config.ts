// Vitest settings for the packaging test (`npx turbo run test:packaging`, part of `npm test`): pack, install, serve.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    ...reportersFor('packaging'),
  },
});
