import { PartialFile, readCheckpoint } from '../../fs/partial-file.ts';

/**
 * Ranged `PUT`s of one file share one `.partial` and its extent map, so parallel requests can fill it in any order;
 * the file is renamed into place when the last byte lands.
 */
export class HttpUploads {
  #open = new Map<string, { partial: PartialFile; users: number }>();

  /** `mtimeMs`: the source's modification time (fallback sessions send it), recorded for resume planning. */
  acquire(finalPath: string, size: number, mtimeMs?: number): PartialFile {
    const existing = this.#open.get(finalPath);
    if (existing && existing.partial.map.size === size) {
      existing.users++;
      return existing.partial;
    }
    const checkpoint = readCheckpoint(finalPath);
    const keep =
      checkpoint &&
      checkpoint.size === size &&
      (mtimeMs === undefined || Math.trunc(checkpoint.mtime_ms) === Math.trunc(mtimeMs))
        ? checkpoint.extents
        : [];
    const partial = PartialFile.open(finalPath, size, mtimeMs ?? Date.now(), keep);
    this.#open.set(finalPath, { partial, users: 1 });
    return partial;
  }

  /** Returns true when this release completed the file. */
  release(finalPath: string, preserveTimes = false): boolean {
    const entry = this.#open.get(finalPath);
    if (!entry) return false;
    entry.users--;
    if (entry.partial.complete) {
      this.#open.delete(finalPath);
      entry.partial.finalize(preserveTimes);
      return true;
    }
    if (entry.users === 0) {
      this.#open.delete(finalPath);
      entry.partial.suspend();
    } else entry.partial.persist();
    return false;
  }
}
