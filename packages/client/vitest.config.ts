// Vitest settings for the client package: tests live next to the code and never touch the network.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 10_000,
  },
});
