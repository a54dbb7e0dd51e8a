import { join } from 'node:path';
import type { TransferEngine } from './engine.ts';
import { RapidEngine } from './rapid-engine.ts';
import { TestDoubleEngine } from './test-double-engine.ts';

/**
 * The engine the daemon drives. `RAPID_ENGINE=test-double` selects the TestDoubleEngine explicitly (end-to-end
 * tests and benchmarks; options as JSON in `RAPID_TEST_DOUBLE_ENGINE`); otherwise the real rapid/1 engine.
 */
export function selectEngine(env: NodeJS.ProcessEnv, home: string): TransferEngine {
  if (env.RAPID_ENGINE === 'test-double') {
    const options = JSON.parse(env.RAPID_TEST_DOUBLE_ENGINE ?? '{}') as Record<string, number>;
    return new TestDoubleEngine({
      tickMs: options.tickMs ?? 50,
      bytesPerTick: options.bytesPerTick ?? 1024 * 1024,
      fileBytes: options.fileBytes ?? 10 * 1024 * 1024,
      stateDir: join(home, 'test-double-engine'),
    });
  }
  return new RapidEngine();
}
