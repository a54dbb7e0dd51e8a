import { execFileSync } from 'node:child_process';

/**
 * Test support: real file-system failures. Root may mount a tmpfs over a folder: a small one fills up (ENOSPC), a
 * read-only one makes every write fail (EROFS), even for root. Suites that need it run only where mounting works.
 */
export function canMount(): boolean {
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

export function mountTmpfs(dir: string, options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
}

export function remount(dir: string, options: string): void {
  execFileSync('mount', ['-o', `remount,${options}`, dir]);
}

export function unmount(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  } catch {
    // not mounted: the test that mounts it did not run
  }
}

/** What a client must never be shown: absolute server paths, errno names, raw system messages. */
export const LEAKS =
  /\/(tmp|srv|var|home|root|work)\/|E(NOSPC|ROFS|PERM|ACCES|NOENT|IO|DQUOT)\b|errno|syscall/;
