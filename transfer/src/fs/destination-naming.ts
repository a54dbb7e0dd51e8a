import { statSync } from 'node:fs';

export class NamingError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type RootKind = 'directory' | 'file' | 'missing';

export function rootKindOf(localPath: string): RootKind {
  const stats = statSync(localPath, { throwIfNoEntry: false });
  return !stats ? 'missing' : stats.isDirectory() ? 'directory' : 'file';
}

export interface NamingRule {
  createDir: boolean;
  /** One `paths[]` entry without its own `destination`. */
  singleSource: boolean;
  rootKind: RootKind;
}

/**
 * Where an offered file goes under `create_dir` (node-api.md §4.2): `undefined` when `destination_root` itself is
 * the target file, else the offered path, relative to `destination_root`.
 *
 * - `create_dir: true`: `destination_root` is a folder, created when missing.
 * - `create_dir: false`, one source that is one file, and `destination_root` is not an existing folder: it is the
 *   file's new name (`ascp a.mov /incoming/b.mov`). An existing folder receives the file under its own name.
 * - `create_dir: false` otherwise (several sources, a folder, explicit destinations): `destination_root` must be an
 *   existing folder (error 4 when missing, 6 when it is a file); nothing creates it.
 */
export function targetUnderRoot(
  rule: NamingRule,
  offeredPath: string,
  offeredCount: number,
): string | undefined {
  if (rule.createDir || rule.rootKind === 'directory') return offeredPath;
  if (rule.singleSource && offeredCount === 1 && !offeredPath.includes('/')) return undefined;
  if (rule.rootKind === 'file')
    throw new NamingError(
      6,
      'destination_root is a file, and several files need a folder (create_dir is false)',
    );
  throw new NamingError(4, 'destination_root does not exist and create_dir is false');
}
