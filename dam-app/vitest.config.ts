import { defineProject } from 'vitest/config';

// The server suites run on PGlite and on a throw-away PostgreSQL 15 cluster that the global setup starts.
// `npm test` runs a few slow suites in a later lane and names them here to leave out (scripts/lib/unit-lanes.mjs).
const later = (process.env.RAPID_DAM_UNIT_EXCLUDE ?? '').split(',').filter(Boolean);

export default defineProject({
  test: {
    name: 'dam-app',
    environment: 'node',
    // The web app's unit tests are their own project (web/vitest.config.ts), without the database set-up.
    exclude: ['web/**', '**/node_modules/**', ...later],
    globalSetup: ['./server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
