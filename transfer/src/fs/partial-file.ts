import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  ftruncate,
  ftruncateSync,
  mkdirSync,
  open,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import { mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { Extent } from '../receiver/extent-map.ts';
import { ExtentMap } from '../receiver/extent-map.ts';
import { place, placeSync } from './no-replace.ts';
import { WriteQueue } from './write-queue.ts';

const COALESCE_BYTES = 1024 * 1024;
/** Folders this process has made for partial files; one removed since is made again when an open misses it. */
const madeFolders = new Set<string>();
const openAsync = promisify(open);
const ftruncateAsync = promisify(ftruncate);
/** The writer of each target in this process. */
const active = new Map<string, PartialFile>();
/** Targets held by a writer that keeps a file in memory until it is whole (`WholeFile`). */
const reserved = new Set<string>();

/** Holds `finalPath` for a writer other than a `PartialFile`; throws `PartialInUseError` while another holds it. */
export function reserveTarget(finalPath: string): () => void {
  PartialFile.assertFree(finalPath);
  reserved.add(finalPath);
  return () => {
    reserved.delete(finalPath);
  };
}

/**
 * Another writer holds the target: 64 (CANNOT_RENAME_PARTIAL_FILES) when it is a live transfer, 61 (retryable) when
 * it is a session that already ended and is only finishing its queued writes, as after a client crash and restart.
 */
export class PartialInUseError extends Error {
  constructor(
    message: string,
    readonly code: 61 | 64,
  ) {
    super(message);
  }
}

export interface Checkpoint {
  size: number;
  mtime_ms: number;
  extents: Extent[];
}

export const partialPath = (finalPath: string) => `${finalPath}.partial`;
export const checkpointPath = (finalPath: string) => `${finalPath}.partial.rapid`;

/** Reads a checkpoint left by an earlier session; undefined when absent or damaged. */
export function readCheckpoint(finalPath: string): Checkpoint | undefined {
  // The common case is no partial file at all: answer it with a stat instead of a thrown ENOENT.
  if (!statSync(partialPath(finalPath), { throwIfNoEntry: false })) return undefined;
  try {
    const value = JSON.parse(readFileSync(checkpointPath(finalPath), 'utf8')) as Checkpoint;
    if (!existsSync(partialPath(finalPath))) return undefined;
    const map = ExtentMap.fromJSON(value);
    return { size: map.size, mtime_ms: Number(value.mtime_ms), extents: map.toJSON().extents };
  } catch {
    return undefined;
  }
}

/**
 * The receiver's `<name>.partial` file: positional writes (contiguous runs coalesced into one `writev`), the extent
 * map of what is on disk, a checkpoint persisted only after the data it describes is synced, and the final rename.
 * One writer per target in this process; a second gets `PartialInUseError` instead of racing the rename.
 */
export class PartialFile {
  readonly map: ExtentMap;
  #fd: number;
  #run: { start: number; end: number; chunks: Buffer[] } | undefined;
  #dirty = false;
  #closed = false;
  #queue: WriteQueue | undefined;
  #closing = false;
  #discarded = false;
  #syncing = false;
  /** False while no checkpoint can exist for this file (none was planned from, none written): nothing to remove. */
  #mayHaveCheckpoint = true;
  /** Bytes the map held when the last checkpoint was taken. */
  #checkpointedBytes = 0;
  /** Called once when a queued write fails (the failed range never enters the map). */
  onWriteError: ((error: Error) => void) | undefined;

  private constructor(
    readonly finalPath: string,
    readonly sourceMtimeMs: number,
    map: ExtentMap,
    fd: number,
  ) {
    this.map = map;
    this.#fd = fd;
  }

  /**
   * Throws `PartialInUseError` while a writer holds the target. Check before planning from the checkpoint too: a
   * writer still closing has not written its last checkpoint yet.
   */
  static assertFree(finalPath: string): void {
    if (reserved.has(finalPath))
      throw new PartialInUseError(`${finalPath} is being written by another transfer`, 64);
    const holder = active.get(finalPath);
    if (!holder) return;
    throw holder.#closing || holder.#closed
      ? new PartialInUseError(`${finalPath} is still being closed by the previous session`, 61)
      : new PartialInUseError(`${finalPath} is being written by another transfer`, 64);
  }

  /** Opens or creates the partial file; `keep` are the extents of an earlier session to trust. */
  static open(finalPath: string, size: number, sourceMtimeMs: number, keep: Extent[]): PartialFile {
    PartialFile.assertFree(finalPath);
    mkdirSync(dirname(finalPath), { recursive: true });
    const map = new ExtentMap(size);
    for (const extent of keep) map.add(extent.start, extent.end);
    const fd = openSync(
      partialPath(finalPath),
      keep.length > 0 && existsSync(partialPath(finalPath)) ? 'r+' : 'w',
    );
    ftruncateSync(fd, size);
    const file = new PartialFile(finalPath, sourceMtimeMs, map, fd);
    active.set(finalPath, file);
    // Not persisted yet: a file that completes within one checkpoint interval never needs a checkpoint.
    file.#dirty = true;
    return file;
  }

  /** `open` with the folder, the descriptor and its size made on the thread pool. */
  static async openAsync(
    finalPath: string,
    size: number,
    sourceMtimeMs: number,
    keep: Extent[],
  ): Promise<PartialFile> {
    PartialFile.assertFree(finalPath);
    // Each trip to the thread pool costs a file-system operation on a busy disk: a folder made once is not made again,
    // and a fresh file needs no size (its blocks write it whole; only a reused partial is cut to size).
    const folder = dirname(finalPath);
    if (!madeFolders.has(folder)) {
      await mkdir(folder, { recursive: true });
      madeFolders.add(folder);
    }
    const reuse =
      keep.length > 0 && (await stat(partialPath(finalPath)).catch(() => undefined)) !== undefined;
    // A plain descriptor, not a FileHandle: a FileHandle closes its descriptor when collected.
    const fd = await openAsync(partialPath(finalPath), reuse ? 'r+' : 'w').catch(async (error) => {
      // The folder was removed since this process made it: make it again.
      if ((error as { code?: string }).code !== 'ENOENT' || reuse) throw error;
      await mkdir(folder, { recursive: true });
      return openAsync(partialPath(finalPath), 'w');
    });
    try {
      if (reuse) await ftruncateAsync(fd, size);
      // Another writer may have taken the target while this one was opening.
      PartialFile.assertFree(finalPath);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    const map = new ExtentMap(size);
    for (const extent of keep) map.add(extent.start, extent.end);
    const file = new PartialFile(finalPath, sourceMtimeMs, map, fd);
    file.#mayHaveCheckpoint = reuse;
    active.set(finalPath, file);
    file.#dirty = true;
    return file;
  }

  write(offset: number, data: Buffer): void {
    if (offset < 0 || offset + data.length > this.map.size) throw new RangeError('block outside the file');
    if (this.#run && this.#run.end === offset && this.#run.end - this.#run.start < COALESCE_BYTES) {
      this.#run.chunks.push(data);
      this.#run.end += data.length;
      return;
    }
    this.flush();
    this.#run = { start: offset, end: offset + data.length, chunks: [data] };
  }

  /**
   * `write` on the thread pool (the fast path of the UDP receiver): the caller never waits for the disk, a range
   * enters the map only once written, and `settle` waits for every queued write.
   */
  queue(offset: number, data: Buffer): void {
    if (offset < 0 || offset + data.length > this.map.size) throw new RangeError('block outside the file');
    this.#queue ??= new WriteQueue(
      this.#fd,
      (start, end) => {
        this.map.add(start, end);
        this.#dirty = true;
      },
      (error) => this.onWriteError?.(error),
    );
    this.#queue.add(offset, data);
  }

  /** Bytes written since the last checkpoint was taken: what a crash now would cost. */
  get uncheckpointedBytes(): number {
    return this.map.receivedBytes - this.#checkpointedBytes;
  }

  /** Bytes queued and not yet on disk. */
  get queuedBytes(): number {
    return this.#queue?.bufferedBytes ?? 0;
  }

  /** Resolves when every queued write is on disk; rejects if one failed. */
  async settle(): Promise<void> {
    await this.#queue?.drain();
  }

  /** Bytes on disk plus bytes waiting in the coalescing buffer or the write queue. */
  get receivedBytes(): number {
    return this.map.receivedBytes + (this.#run ? this.#run.end - this.#run.start : 0) + this.queuedBytes;
  }

  /** True once every byte is in the map (after a flush). */
  get complete(): boolean {
    this.flush();
    return this.map.isComplete;
  }

  flush(): void {
    const run = this.#run;
    if (!run) return;
    this.#run = undefined;
    writevSync(this.#fd, run.chunks, run.start);
    this.map.add(run.start, run.end);
    this.#dirty = true;
  }

  /** Forgets ranges that turned out not to match the source. */
  drop(ranges: Extent[]): void {
    if (ranges.length === 0) return;
    this.flush();
    for (const range of ranges) this.map.remove(range.start, range.end);
    this.#dirty = true;
    this.persist();
  }

  /** Syncs data, then records the extent map atomically, so the map never claims bytes that are not on disk. */
  persist(): void {
    this.flush();
    if (!this.#dirty || this.#closed) return;
    fdatasyncSync(this.#fd);
    this.#checkpointedBytes = this.map.receivedBytes;
    this.#writeCheckpoint({ ...this.map.toJSON(), mtime_ms: this.sourceMtimeMs });
    this.#dirty = false;
  }

  /**
   * `persist` with the data sync on the thread pool, behind the writes queued so far (coalescing runs included): the
   * checkpoint holds the map as it was when the sync started, so it never claims a byte the sync did not cover.
   */
  persistInBackground(): void {
    this.flush();
    if ((!this.#dirty && this.queuedBytes === 0) || this.#closed || this.#syncing) return;
    // Nothing held yet (a file opened ahead of its data): no checkpoint is the same as an empty one.
    if (this.map.receivedBytes === 0 && this.queuedBytes === 0) return;
    const queue = this.#queue;
    if (!queue) {
      this.persist();
      return;
    }
    let checkpoint: Checkpoint | undefined;
    this.#dirty = false;
    this.#syncing = true;
    queue.sync(
      () => {
        checkpoint = { ...this.map.toJSON(), mtime_ms: this.sourceMtimeMs };
        this.#checkpointedBytes = this.map.receivedBytes;
      },
      async (error) => {
        const written =
          !error &&
          !this.#discarded &&
          checkpoint !== undefined &&
          (await this.#tryWriteCheckpointAsync(checkpoint));
        this.#syncing = false;
        if (!written) this.#dirty ||= !this.#discarded;
      },
    );
  }

  /**
   * The checkpoint written on the thread pool: a rename waits for the file system's journal, which a data sync keeps
   * busy, and a receiver's event loop that waits with it drops datagrams (measured: up to 6 ms, 50 times a GiB).
   */
  async #tryWriteCheckpointAsync(checkpoint: Checkpoint): Promise<boolean> {
    this.#mayHaveCheckpoint = true;
    const path = checkpointPath(this.finalPath);
    try {
      await writeFile(`${path}.tmp`, JSON.stringify(checkpoint));
      await rename(`${path}.tmp`, path);
      // Discarded meanwhile: the checkpoint must not outlive the partial it describes.
      if (this.#discarded) await rm(path, { force: true });
      return !this.#discarded;
    } catch {
      return false;
    }
  }

  #writeCheckpoint(checkpoint: Checkpoint): void {
    this.#mayHaveCheckpoint = true;
    const path = checkpointPath(this.finalPath);
    writeFileSync(`${path}.tmp`, JSON.stringify(checkpoint));
    renameSync(`${path}.tmp`, path);
  }

  /** Renames the complete file into place, optionally with the source's modification time. */
  finalize(preserveTimes: boolean): void {
    if (this.#queue?.busy) throw new Error('finalize while queued writes are in flight');
    this.flush();
    if (!this.map.isComplete) throw new Error('finalize before every byte arrived');
    fdatasyncSync(this.#fd);
    this.#close();
    const placed = placeSync(partialPath(this.finalPath), this.finalPath);
    if (preserveTimes) utimesSync(placed, new Date(), new Date(this.sourceMtimeMs));
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  /**
   * `finalize` with the data sync on the thread pool: many small files sync concurrently, which the file system
   * batches into few journal commits, instead of one blocking sync each.
   */
  async finalizeAsync(preserveTimes: boolean): Promise<void> {
    await this.settle();
    this.flush();
    if (!this.map.isComplete) throw new Error('finalize before every byte arrived');
    const fd = this.#fd;
    await new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
    this.#close();
    const placed = placeSync(partialPath(this.finalPath), this.finalPath);
    if (preserveTimes) utimesSync(placed, new Date(), new Date(this.sourceMtimeMs));
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  /**
   * The first half of a batched `finalizeAsync`: resolves once every queued write is in the file and every byte is
   * there. The caller makes the data durable (one file-system sync for a whole batch, or `syncData`), then calls
   * `placeSynced`.
   */
  async settleComplete(): Promise<void> {
    await this.settle();
    this.flush();
    if (!this.map.isComplete) throw new Error('finalize before every byte arrived');
  }

  /** Syncs this file's data on the thread pool. */
  syncData(): Promise<void> {
    const fd = this.#fd;
    return new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
  }

  /**
   * The second half of a batched `finalizeAsync`, once the data is durable: closes and renames into place, on the
   * thread pool (a rename waits for the file system's journal, which a concurrent sync keeps busy).
   */
  async placeSynced(preserveTimes: boolean): Promise<void> {
    this.#close();
    const placed = await place(partialPath(this.finalPath), this.finalPath);
    if (preserveTimes) await utimes(placed, new Date(), new Date(this.sourceMtimeMs));
    if (this.#mayHaveCheckpoint) await rm(checkpointPath(this.finalPath), { force: true });
  }

  /**
   * Syncs, records the complete map and closes, leaving `<name>.partial` for a finisher that transforms it instead of
   * renaming it (content protection decrypts it); a failed finisher leaves a complete partial to try again.
   */
  async closeComplete(): Promise<string> {
    await this.settle();
    this.flush();
    if (!this.map.isComplete) throw new Error('closeComplete before every byte arrived');
    const fd = this.#fd;
    await new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
    this.persist();
    this.#close();
    return partialPath(this.finalPath);
  }

  /**
   * Stops writing, keeping the partial file and its checkpoint for a later resume. Queued writes finish first (the
   * descriptor stays open for them), then the final checkpoint is written.
   */
  suspend(): void {
    if (this.#closed || this.#closing) return;
    const end = () => {
      try {
        this.persist();
      } catch {
        // The folder is gone or the disk failed: the next session resumes from less (a failing session suspends its
        // files from a message handler, where a throw would take the whole node down with it).
      }
      this.#close();
    };
    if (!this.#queue?.busy) {
      end();
      return;
    }
    this.#closing = true;
    this.#queue.whenIdle(() => {
      this.#closing = false;
      end();
    });
  }

  discard(): void {
    this.#discarded = true;
    this.#close();
    rmSync(partialPath(this.finalPath), { force: true });
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  /** Closes now, or once queued work on the descriptor is done (closing under it could hit a reused descriptor). */
  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const fd = this.#fd;
    const release = () => {
      active.delete(this.finalPath);
      closeSync(fd);
    };
    if (this.#queue?.busy) this.#queue.whenIdle(release);
    else release();
  }
}
