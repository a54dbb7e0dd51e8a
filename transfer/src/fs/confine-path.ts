import { realpathSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';

export class PathEscapeError extends Error {
  readonly code = 41;
}

/**
 * Maps a peer-supplied path onto `root`: the path is always read as relative to the root (a leading `/` means the
 * root itself), `..` segments, NUL, backslashes and drive letters are refused outright, and the deepest existing
 * ancestor must resolve (following symlinks) to a place inside the root's real path.
 */
export function confinePath(root: string, untrusted: string): string {
  const realRoot = realpathSync(root);
  const target = join(realRoot, ...safeSegments(untrusted));
  assertResolvesInside(realRoot, target, untrusted);
  return target;
}

/** The segments of a peer-supplied path; throws `PathEscapeError` for `..`, NUL, backslashes and drive letters. */
export function safeSegments(untrusted: string): string[] {
  if (untrusted.includes('\0') || untrusted.includes('\\') || /^[a-zA-Z]:/.test(untrusted)) {
    throw new PathEscapeError(`refused path ${JSON.stringify(untrusted)}`);
  }
  const segments = untrusted.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..'))
    throw new PathEscapeError(`refused path ${JSON.stringify(untrusted)}`);
  return segments;
}

/** Throws `PathEscapeError` unless the deepest existing ancestor of `target` resolves inside `realRoot`. */
export function assertResolvesInside(realRoot: string, target: string, untrusted: string): void {
  let probe = target;
  for (;;) {
    try {
      const real = realpathSync(probe);
      if (real !== realRoot && !real.startsWith(realRoot + sep)) {
        throw new PathEscapeError(`path ${JSON.stringify(untrusted)} leaves its root through a link`);
      }
      break;
    } catch (error) {
      if (error instanceof PathEscapeError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(probe);
      if (parent === probe) break;
      probe = parent;
    }
  }
}

/** Joins docroot-relative paths the way tokens and specs spell them (`/a` + `b/c` → `/a/b/c`). */
export function joinRelative(...parts: string[]): string {
  return posix.join('/', ...parts);
}

/** True when docroot-relative `path` lies at or under one of `roots`. */
export function isUnderRoots(path: string, roots: string[]): boolean {
  const normal = posix.normalize(`/${path}`);
  return roots.some((root) => {
    const base = posix.normalize(`/${root}`).replace(/\/$/, '');
    return base === '' || normal === base || normal.startsWith(`${base}/`);
  });
}
