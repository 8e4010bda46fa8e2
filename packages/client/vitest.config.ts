// Vitest settings for the client package: tests live next to the code and never touch the network.
import { defineConfig } from 'vitest/config';
import { reportersFor } from '../../vitest.reporters.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 10_000,
    ...reportersFor('client'),
  },
});
