import { defineProject } from 'vitest/config';

// The scripts' own helpers (benchmarks print figures, they do not pass or fail; their shared lib/ is tested).
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['lib/**/*.test.ts', 'package/**/*.test.ts', 'bench/lib/**/*.test.ts'],
  },
});
