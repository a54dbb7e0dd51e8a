import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DamConfig } from '../config/config.ts';

const reached = new Map<string, number>();
const parked = new Set<string>();
let deadlineArmed = false;

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered asynchronously: block until it lands, so no later step of any operation runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  throw new Error('unreachable');
}

/**
 * A test hook for the crash matrix, inert unless `DAM_TEST_CRASH_AT` lists steps (`step[:n],…`): the n-th time an
 * operation reaches a listed step it stops there for good, and once every listed step is reached the process
 * SIGKILLs itself — so several operations, on data of their own, are each killed exactly at their step. Reached
 * steps are appended to `DAM_HOME/crash-points.log` for the test. A step inside a transaction cannot wait (on PGlite
 * it would hold the one connection the others need): it kills at once.
 */
export async function crashPoint(
  config: DamConfig,
  step: string,
  options: { inTransaction?: boolean } = {},
): Promise<void> {
  const targets = config.testCrashAt;
  if (!targets) return;
  const count = (reached.get(step) ?? 0) + 1;
  reached.set(step, count);
  const target = targets.find((each) => each.step === step && each.hit === count);
  if (!target) return;
  parked.add(`${step}:${count}`);
  appendFileSync(join(config.home, 'crash-points.log'), `${step}:${count}\n`);
  if (options.inTransaction || parked.size === targets.length) die();
  // Steps that are never reached (an operation refused) must not keep the process alive for ever. The wait is long
  // because CI runs this beside browsers on two cores, where one request has taken over 15 s to reach its step.
  if (!deadlineArmed) {
    deadlineArmed = true;
    setTimeout(() => {
      appendFileSync(join(config.home, 'crash-points.log'), 'timeout\n');
      die();
    }, 60_000);
  }
  await new Promise<never>(() => {});
}
