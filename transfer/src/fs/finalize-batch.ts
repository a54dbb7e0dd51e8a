import { dirname } from 'node:path';
import type { PartialFile } from './partial-file.ts';
import { syncDirectories, syncFileSystems } from './sync-file-systems.ts';

interface Pending {
  file: PartialFile;
  preserveTimes: boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Puts complete partial files in place with durability per batch (PROTOCOL.md §2.2): files completing within a few
 * milliseconds of each other, or while the previous batch syncs (one batch at a time), share one data sync, are renamed, and share one sync of the renames; each file's promise
 * resolves only then, so a receiver reports a file done once its bytes and its name survive a crash. A crash before
 * that leaves the `.partial` (and its checkpoint, which never claims unsynced bytes) for the next session.
 */
export class FinalizeBatch {
  #pending: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing = false;

  constructor(
    private readonly syncAll: (paths: string[]) => Promise<boolean> = syncFileSystems,
    private readonly maxFiles = 512,
    private readonly waitMs = 5,
    private readonly minFilesForFileSystemSync = 8,
  ) {}

  add(file: PartialFile, preserveTimes: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ file, preserveTimes, resolve, reject });
      // Group commit: while a batch syncs, the next one gathers and goes as soon as it is done.
      if (this.#flushing) return;
      if (this.#pending.length >= this.maxFiles) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.waitMs);
    });
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending.splice(0, this.maxFiles);
    if (batch.length === 0) return;
    this.#flushing = true;
    void this.#finish(batch).finally(() => {
      this.#flushing = false;
      if (this.#pending.length > 0) this.#flush();
    });
  }

  async #finish(batch: Pending[]): Promise<void> {
    const settled = await Promise.allSettled(batch.map((item) => item.file.settleComplete()));
    const ready = batch.filter((item, i) => {
      const outcome = settled[i] as PromiseSettledResult<void>;
      if (outcome.status === 'rejected') item.reject(outcome.reason as Error);
      return outcome.status === 'fulfilled';
    });
    if (ready.length === 0) return;
    const dirs = [...new Set(ready.map((item) => dirname(item.file.finalPath)))];
    const placed: Pending[] = [];
    // A file-system sync flushes whatever anyone wrote there: it pays off for many files, while a few are cheaper
    // synced one by one (a big file's data since its last checkpoint, and its folder).
    const many = ready.length >= this.minFilesForFileSystemSync;
    const syncAll = many ? this.syncAll : () => Promise.resolve(false);
    try {
      if (!(await syncAll(dirs))) await Promise.all(ready.map((item) => item.file.syncData()));
    } catch (error) {
      for (const item of ready) item.reject(error as Error);
      return;
    }
    await Promise.all(
      ready.map((item) =>
        item.file.placeSynced(item.preserveTimes).then(
          () => placed.push(item),
          (error: Error) => item.reject(error),
        ),
      ),
    );
    if (!(await syncAll(dirs))) await syncDirectories(dirs);
    for (const item of placed) item.resolve();
  }
}
