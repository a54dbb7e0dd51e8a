import type { HelloMessage } from '@rapid/protocol';
import { confinePath, isUnderRoots, joinRelative, PathEscapeError } from '../fs/confine-path.ts';
import { walkFiles } from '../fs/walk-files.ts';
import type { SenderFile } from '../session/sender.ts';

/** The files a download offers: every source confined to the docroot and the token's roots, folders walked. */
export function sourceFiles(
  docroot: string,
  hello: Pick<HelloMessage, 'paths' | 'source_root'>,
  roots: string[],
): SenderFile[] {
  const files: SenderFile[] = [];
  for (const path of hello.paths) {
    const relative = joinRelative(hello.source_root, path.source);
    if (!isUnderRoots(relative, roots))
      throw new PathEscapeError(`${path.source} is outside the token's paths`);
    const absolute = confinePath(docroot, relative);
    files.push(...walkFiles(absolute, path.destination, confinePath(docroot, '/')));
  }
  return files;
}

/** The node-api.md §9 code for a failure to list sources. */
export function sourceErrorCode(error: unknown): number {
  if (error instanceof PathEscapeError) return 41;
  return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 4 : 5;
}
