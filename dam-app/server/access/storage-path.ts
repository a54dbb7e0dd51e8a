import { constants, createReadStream, lstatSync, type ReadStream } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * A path refused by `confinePath` where a caller needed one: it leaves its root or passes through a link. The API
 * answers it as 404, like a file that is not there (what is behind a link is nobody's to know about).
 */
export class OutsideStorageError extends Error {}

/**
 * The absolute path of `relativePath` under `root`, or undefined when it would leave it: `..`, absolute paths, NUL
 * and backslashes are refused, the resolved path must be the root or below it, and no existing part of it below the
 * root may be a symbolic link. A link is refused wherever it points — even inside the storage root it could lead
 * into another ACL's folder — so nothing the DAM reads, writes, zips or ingests is reached through one.
 */
export function confinePath(root: string, relativePath: string): string | undefined {
  if (relativePath.includes('\0') || relativePath.includes('\\') || isAbsolute(relativePath))
    return undefined;
  const parts = relativePath.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) return undefined;
  const base = resolve(root);
  const full = resolve(join(base, ...parts));
  const rel = relative(base, full);
  if (rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return undefined;
  return passesThroughLink(base, parts) ? undefined : full;
}

/** True when one of the existing paths `base/p1`, `base/p1/p2`, … is a symbolic link. */
export function passesThroughLink(base: string, parts: string[]): boolean {
  let probe = base;
  for (const part of parts) {
    probe = join(probe, part);
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(probe, { throwIfNoEntry: false });
    } catch {
      return false; // ENOTDIR and the like: nothing exists below here, so nothing there can be a link
    }
    if (!info) return false;
    if (info.isSymbolicLink()) return true;
  }
  return false;
}

/**
 * Flags for opening a confined file for reading: a link put in place of the file after `confinePath` checked it
 * makes the open fail (ELOOP) instead of being followed.
 */
export const READ_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;

/** `createReadStream` that never follows a link at the file itself (see `READ_NO_FOLLOW`). */
export function readNoFollow(
  path: string,
  options: { start?: number; end?: number; highWaterMark?: number } = {},
): ReadStream {
  // Node opens with these flags as given (fs.open takes numbers); its types only name the string spellings.
  return createReadStream(path, { ...options, flags: READ_NO_FOLLOW as unknown as string });
}
