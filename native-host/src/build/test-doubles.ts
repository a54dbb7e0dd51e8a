import { createScriptedUi } from '../desktop/scripted-ui.ts';
import { TestDoubleEngine } from '../transfers/test-double-engine.ts';

/** The test doubles a program may select by explicit setting (`RAPID_ENGINE=test-double`, `RAPID_UI=scripted`). */
export interface TestDoubles {
  engine(options: ConstructorParameters<typeof TestDoubleEngine>[0]): TestDoubleEngine;
  scriptedUi: typeof createScriptedUi;
}

/**
 * The doubles in source runs and the test build (`dist/`). The release build (`dist/release/`, what the client
 * archives ship) resolves this module to `no-test-doubles.ts` instead, so neither double is in it.
 */
export const TEST_DOUBLES: TestDoubles | null = {
  engine: (options) => new TestDoubleEngine(options),
  scriptedUi: createScriptedUi,
};
