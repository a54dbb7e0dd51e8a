import { dirname } from 'node:path';
import { syncDirectories, syncFileSystems } from './sync-file-systems.ts';

/** A complete file to put in place: a `PartialFile`, or a `WholeFile` written from memory. */
export interface CompleteFile {
  readonly finalPath: string;
  /** Resolves once every byte is in the `.partial` file. */
  settleComplete(): Promise<void>;
  /** Syncs this file's data (where a file-system sync is unavailable). */
  syncData(): Promise<void>;
  /** Renames the synced `.partial` into place. */
  placeSynced(preserveTimes: boolean): Promise<void>;
}

interface Pending {
  file: CompleteFile;
  preserveTimes: boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Puts complete partial files in place with durability per batch (PROTOCOL.md §2.2): files completing within a few
 * milliseconds of each other, or while the previous round syncs (one round at a time), share one data sync and are
 * then renamed; each file's promise resolves only once a later sync has made its name durable too, so a receiver
 * reports a file done once its bytes and its name survive a crash. The sync of one batch's names is the next batch's
 * data sync (one sync per round, not two). A crash before that leaves the `.partial` (and its checkpoint, which never
 * claims unsynced bytes) for the next session, or the renamed file with its data already synced.
 */
export class FinalizeBatch {
  #pending: Pending[] = [];
  /** Renamed after a sync of their data, waiting for a sync of their names. */
  #renamed: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing = false;

  constructor(
    private readonly syncAll: (paths: string[]) => Promise<boolean> = syncFileSystems,
    private readonly maxFiles = 512,
    private readonly waitMs = 5,
    private readonly minFilesForFileSystemSync = 8,
  ) {}

  add(file: CompleteFile, preserveTimes: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ file, preserveTimes, resolve, reject });
      // Group commit: while a round syncs, the next batch gathers and goes as soon as it is done.
      if (this.#flushing) return;
      if (this.#pending.length >= this.maxFiles) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.waitMs);
    });
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending.splice(0, this.maxFiles);
    const named = this.#renamed.splice(0);
    if (batch.length === 0 && named.length === 0) return;
    this.#flushing = true;
    void this.#round(batch, named).finally(() => {
      this.#flushing = false;
      if (this.#pending.length >= this.maxFiles) this.#flush();
      // A batch just renamed waits a moment for files to share its name sync with.
      else if (this.#pending.length > 0 || this.#renamed.length > 0)
        this.#timer ??= setTimeout(() => this.#flush(), this.waitMs);
    });
  }

  /** One sync: the data of `batch` and the names of `named`; then `named` is done and `batch` is renamed. */
  async #round(batch: Pending[], named: Pending[]): Promise<void> {
    const settled = await Promise.allSettled(batch.map((item) => item.file.settleComplete()));
    const ready = batch.filter((item, i) => {
      const outcome = settled[i] as PromiseSettledResult<void>;
      if (outcome.status === 'rejected') item.reject(outcome.reason as Error);
      return outcome.status === 'fulfilled';
    });
    if (ready.length === 0 && named.length === 0) return;
    const dirsOf = (items: Pending[]) => [...new Set(items.map((item) => dirname(item.file.finalPath)))];
    // A file-system sync flushes whatever anyone wrote there: it pays off for many files, while a few are cheaper
    // synced one by one (a big file's data since its last checkpoint, and its folder).
    const many = ready.length + named.length >= this.minFilesForFileSystemSync;
    let synced = false;
    try {
      if (many) synced = await this.syncAll(dirsOf([...ready, ...named]));
    } catch (error) {
      for (const item of [...ready, ...named]) item.reject(error as Error);
      return;
    }
    let placing = ready;
    if (!synced) {
      // File by file: each file's data, and each folder that holds a name of the last batch.
      const [data] = await Promise.allSettled([
        Promise.all(ready.map((item) => item.file.syncData())),
        syncDirectories(dirsOf(named)),
      ]);
      if (data.status === 'rejected') {
        for (const item of ready) item.reject(data.reason as Error);
        placing = [];
      }
    }
    for (const item of named) item.resolve();
    await Promise.all(
      placing.map((item) =>
        item.file.placeSynced(item.preserveTimes).then(
          () => this.#renamed.push(item),
          (error: Error) => item.reject(error),
        ),
      ),
    );
  }
}
