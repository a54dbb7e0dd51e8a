import { defineProject } from 'vitest/config';
import { screenRoutes } from './screen-route-plugin.ts';
import { SDK_SOURCE_ALIASES } from './sdk-source.ts';

export default defineProject({
  plugins: [screenRoutes()],
  resolve: { alias: SDK_SOURCE_ALIASES },
  // Component tests (*.test.tsx) pick happy-dom in their first line; a lazy screen's first draw may be slow.
  test: {
    name: 'dam-web',
    environment: 'node',
    testTimeout: 20_000,
    setupFiles: ['./src/test-support/slow-machine-timeouts.ts'],
  },
});
