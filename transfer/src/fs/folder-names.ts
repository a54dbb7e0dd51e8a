import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** A folder receiving at least this many of an offer's files is listed once instead of probed per file. */
export const LIST_FROM_FILES = 32;

/**
 * What an offer's destination folders held when it was planned: a folder receiving many of its files is read once
 * (one directory listing), so planning and writing them needs no per-file probe of a name that is not there (the
 * target, its checkpoint). Names in folders that were not listed are unknown and may exist.
 */
export class FolderNames {
  #listed = new Map<string, Set<string>>();

  constructor(paths: readonly string[], minFiles = LIST_FROM_FILES) {
    const counts = new Map<string, number>();
    for (const path of paths) {
      const folder = dirname(path);
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
    for (const [folder, count] of counts) {
      if (count < minFiles) continue;
      try {
        this.#listed.set(folder, new Set(readdirSync(folder)));
      } catch (error) {
        // A folder not made yet holds nothing; any other failure leaves it unknown (probed per file as before).
        if ((error as { code?: unknown }).code === 'ENOENT') this.#listed.set(folder, new Set());
      }
    }
  }

  /** False only when `path`'s folder was listed without it. */
  mayExist(path: string): boolean {
    return this.#listed.get(dirname(path))?.has(basename(path)) ?? true;
  }
}
