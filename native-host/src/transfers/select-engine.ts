import { join } from 'node:path';
import { notInThisBuild } from '../build/not-in-this-build.ts';
import { TEST_DOUBLES, type TestDoubles } from '../build/test-doubles.ts';
import type { TransferEngine } from './engine.ts';
import { RapidEngine } from './rapid-engine.ts';

/**
 * The engine the daemon drives. `RAPID_ENGINE=test-double` selects the TestDoubleEngine explicitly (end-to-end
 * tests and benchmarks; options as JSON in `RAPID_TEST_DOUBLE_ENGINE`) in test builds, and is refused by release
 * builds, which do not contain it; otherwise the real rapid/1 engine.
 */
export function selectEngine(
  env: NodeJS.ProcessEnv,
  home: string,
  doubles: TestDoubles | null = TEST_DOUBLES,
): TransferEngine {
  if (env.RAPID_ENGINE === 'test-double') {
    if (!doubles) throw notInThisBuild('RAPID_ENGINE=test-double');
    const options = JSON.parse(env.RAPID_TEST_DOUBLE_ENGINE ?? '{}') as Record<string, number>;
    return doubles.engine({
      tickMs: options.tickMs ?? 50,
      bytesPerTick: options.bytesPerTick ?? 1024 * 1024,
      fileBytes: options.fileBytes ?? 10 * 1024 * 1024,
      stateDir: join(home, 'test-double-engine'),
    });
  }
  return new RapidEngine();
}
