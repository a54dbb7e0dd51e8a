import { copyFile, link, lstat, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

export type PlaceMode = 'link' | 'copy';

/**
 * Puts `source` at `target` in a dock (R-DOCK-PLACE): a hard link where both share a file system (instant, no
 * extra space), a copy otherwise (EXDEV) or when `mode` is `copy`. Either way the target appears whole or not at
 * all — a link is atomic, a copy goes to a temporary name first — so a placement cut short and run again finds a
 * whole file or none. Answers how it was placed.
 */
export async function placeFile(
  source: string,
  target: string,
  mode: PlaceMode,
): Promise<'linked' | 'copied'> {
  await mkdir(dirname(target), { recursive: true });
  if (mode === 'link') {
    try {
      await link(source, target);
      return 'linked';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && (await sameSize(source, target))) return 'linked';
      // EXDEV: another file system; EPERM/EMLINK: one that refuses links or a file at its link limit.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK' && code !== 'EEXIST') throw error;
      if (code === 'EEXIST') await rm(target, { force: true });
    }
  }
  const temporary = `${target}.placing.tmp`;
  try {
    await copyFile(source, temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return 'copied';
}

async function sameSize(a: string, b: string): Promise<boolean> {
  const [one, two] = await Promise.all([lstat(a), lstat(b)]);
  return one.size === two.size;
}
