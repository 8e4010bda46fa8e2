// The server's test files that mostly wait on the clock (a throttled upload, memory given back over a minute): they
// run in a lane of their own beside the others (vitest.waiting.config.ts), so they do not hold one of its two workers.
export const WAITING_TEST_FILES = [
  'test/http/slow-uploads-full-size.test.ts',
  'test/memory/rss-per-request.test.ts',
] as const;
