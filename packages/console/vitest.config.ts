// Vitest for the console: unit tests of its browser-free modules (file reading, error messages) next to the code.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    ...reportersFor('console'),
  },
});
