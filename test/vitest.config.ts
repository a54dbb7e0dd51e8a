import { defineConfig } from 'vitest/config';

// End-to-end: real Chromium, the built extension, a registered native host and its daemon. Run after `npm run
// build`; one file at a time, since each test drives a whole browser on a 2-core machine.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    setupFiles: ['e2e/harness/on-failure.setup.ts'],
    globalSetup: ['e2e/harness/pglite-template.setup.ts'],
    sequence: { hooks: 'list' },
  },
});
