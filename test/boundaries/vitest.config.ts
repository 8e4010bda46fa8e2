// Vitest settings for the boundary-rule test (`npm run test:boundaries`): dependency-cruiser on fixture trees.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    ...reportersFor('boundaries'),
  },
});
