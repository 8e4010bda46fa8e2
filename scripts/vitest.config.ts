// Vitest settings for the scripts' own modules (`npm run test:scripts`): what the benchmarks and evaluations compute.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../vitest.reporters.js';

export default defineConfig({
  test: {
    root: path.resolve(import.meta.dirname, '..'),
    include: ['scripts/**/*.test.ts'],
    ...reportersFor('scripts'),
  },
});
