import { defineConfig } from 'vitest/config';

// Unit tests of every part, each part a project with its own environment.
// End-to-end tests (real Chromium, built artifacts) have their own config in test/.
export default defineConfig({
  test: {
    projects: [
      'protocol',
      'sdk',
      'extension',
      'native-host',
      'transfer',
      'installer-frame',
      'dam-app',
      'dam-app/web',
      'scripts',
    ],
  },
});
