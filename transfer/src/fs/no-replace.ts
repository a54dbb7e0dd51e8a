import { linkSync, lstatSync, renameSync, unlinkSync } from 'node:fs';
import { link, lstat, rename, unlink } from 'node:fs/promises';

/**
 * Final paths whose planner forbids replacing anything there (a token's clash_policy), with where the file goes
 * instead. A name free when a file was planned can be taken before it is placed — hours later for a big upload, by a
 * browser upload or a move — so the guard holds until the file is placed. The latest planner of a path owns its guard
 * (two sessions never write one target at once: `PartialFile.assertFree`).
 */
const guards = new Map<string, () => string>();

export function guardTarget(finalPath: string, landing: () => string): void {
  guards.set(finalPath, landing);
}

export function unguardTarget(finalPath: string): void {
  guards.delete(finalPath);
}

export const isGuarded = (finalPath: string) => guards.has(finalPath);

/** Where a link could not claim the name atomically (file systems without hard links): checked, then renamed. */
const linkUnsupported = (error: unknown) =>
  ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK'].includes(
    (error as NodeJS.ErrnoException).code ?? '',
  );

/** Renames `from` to `finalPath`; a guarded path taken meanwhile is left alone and the file goes beside it. */
export function placeSync(from: string, finalPath: string): string {
  const landing = guards.get(finalPath);
  if (!landing) {
    renameSync(from, finalPath);
    return finalPath;
  }
  let taken = false;
  try {
    linkSync(from, finalPath);
    unlinkSync(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') taken = true;
    else if (!linkUnsupported(error)) throw error;
    else if (lstatSync(finalPath, { throwIfNoEntry: false })) taken = true;
    else renameSync(from, finalPath);
  }
  guards.delete(finalPath);
  if (!taken) return finalPath;
  const beside = landing();
  renameSync(from, beside);
  return beside;
}

/** `placeSync` on the thread pool. */
export async function place(from: string, finalPath: string): Promise<string> {
  const landing = guards.get(finalPath);
  if (!landing) {
    await rename(from, finalPath);
    return finalPath;
  }
  let taken = false;
  try {
    await link(from, finalPath);
    await unlink(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') taken = true;
    else if (!linkUnsupported(error)) throw error;
    else if (await lstat(finalPath).catch(() => undefined)) taken = true;
    else await rename(from, finalPath);
  }
  guards.delete(finalPath);
  if (!taken) return finalPath;
  const beside = landing();
  await rename(from, beside);
  return beside;
}
