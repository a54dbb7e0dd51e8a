import { defineProject } from 'vitest/config';

// The scripts' own helpers (bench/ has no tests: benchmarks print figures, they do not pass or fail).
export default defineProject({
  test: { name: 'scripts', environment: 'node', include: ['lib/**/*.test.ts', 'package/**/*.test.ts'] },
});
