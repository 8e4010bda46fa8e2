// Vitest settings for the guides' site test (`npm run test:docs`, part of `npm test`): build it, check every link.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    ...reportersFor('docs-site'),
  },
});
