import type { TestDoubles } from './test-doubles.ts';

/** What the release build has in place of `test-doubles.ts`: no doubles (see native-host/build.mjs). */
export const TEST_DOUBLES: TestDoubles | null = null;
