import { PartialFile, readCheckpoint } from '../../fs/partial-file.ts';

/**
 * Ranged `PUT`s of one file share one `.partial` and its extent map, so parallel requests can fill it in any order;
 * the file is renamed into place when the last byte lands.
 */
export class HttpUploads {
  #open = new Map<string, { partial: PartialFile; users: number }>();

  acquire(finalPath: string, size: number): PartialFile {
    const existing = this.#open.get(finalPath);
    if (existing && existing.partial.map.size === size) {
      existing.users++;
      return existing.partial;
    }
    const checkpoint = readCheckpoint(finalPath);
    const keep = checkpoint && checkpoint.size === size ? checkpoint.extents : [];
    const partial = PartialFile.open(finalPath, size, Date.now(), keep);
    this.#open.set(finalPath, { partial, users: 1 });
    return partial;
  }

  /** Returns true when this release completed the file. */
  release(finalPath: string): boolean {
    const entry = this.#open.get(finalPath);
    if (!entry) return false;
    entry.users--;
    if (entry.partial.complete) {
      this.#open.delete(finalPath);
      entry.partial.finalize(false);
      return true;
    }
    if (entry.users === 0) {
      this.#open.delete(finalPath);
      entry.partial.suspend();
    }
    return false;
  }
}
