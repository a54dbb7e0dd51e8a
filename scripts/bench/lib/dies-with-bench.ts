import type { ChildProcess } from 'node:child_process';

/**
 * Kills `child` when the benchmark exits, however it exits: a benchmark that throws must not leave its node or relay
 * running (using the cores the next run measures, and holding a pipe its output went to open).
 */
export function diesWithBench<T extends ChildProcess>(child: T): T {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}
