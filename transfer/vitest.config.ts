import { defineProject } from 'vitest/config';

// Integration tests run real sockets and processes on a shared 2-core machine: generous timeouts, no timing asserts.
export default defineProject({
  test: { name: 'transfer', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
});
