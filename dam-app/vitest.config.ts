import { defineProject } from 'vitest/config';

// The server suites run on PGlite and on a throw-away PostgreSQL 15 cluster that the global setup starts.
export default defineProject({
  test: {
    name: 'dam-app',
    environment: 'node',
    globalSetup: ['./server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
