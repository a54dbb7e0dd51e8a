import type { DamConfig } from '../config/config.ts';

const reached = new Map<string, number>();

/**
 * A test hook: with `DAM_TEST_CRASH_AT=step:n` the process kills itself (SIGKILL, nothing runs after it) the n-th
 * time it reaches `step`, so the crash-matrix tests stop an operation exactly there. Unset, it only counts nothing.
 */
export function crashPoint(config: DamConfig, step: string): void {
  const target = config.testCrashAt;
  if (!target || target.step !== step) return;
  const count = (reached.get(step) ?? 0) + 1;
  reached.set(step, count);
  if (count !== target.hit) return;
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered asynchronously: block until it lands, so no later step of the operation runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}
