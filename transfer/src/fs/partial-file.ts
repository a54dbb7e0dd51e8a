import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Extent } from '../receiver/extent-map.ts';
import { ExtentMap } from '../receiver/extent-map.ts';

const COALESCE_BYTES = 1024 * 1024;
const active = new Set<string>();

export class PartialInUseError extends Error {
  readonly code = 64;
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
 * One writer per target in this process; a second gets `PartialInUseError` (error 64) instead of racing the rename.
 */
export class PartialFile {
  readonly map: ExtentMap;
  #fd: number;
  #run: { start: number; end: number; chunks: Buffer[] } | undefined;
  #dirty = false;
  #closed = false;

  private constructor(
    readonly finalPath: string,
    readonly sourceMtimeMs: number,
    map: ExtentMap,
    fd: number,
  ) {
    this.map = map;
    this.#fd = fd;
  }

  /** Opens or creates the partial file; `keep` are the extents of an earlier session to trust. */
  static open(finalPath: string, size: number, sourceMtimeMs: number, keep: Extent[]): PartialFile {
    if (active.has(finalPath))
      throw new PartialInUseError(`${finalPath} is being written by another transfer`);
    mkdirSync(dirname(finalPath), { recursive: true });
    const map = new ExtentMap(size);
    for (const extent of keep) map.add(extent.start, extent.end);
    const fd = openSync(
      partialPath(finalPath),
      keep.length > 0 && existsSync(partialPath(finalPath)) ? 'r+' : 'w',
    );
    ftruncateSync(fd, size);
    active.add(finalPath);
    const file = new PartialFile(finalPath, sourceMtimeMs, map, fd);
    // Not persisted yet: a file that completes within one checkpoint interval never needs a checkpoint.
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

  /** Bytes on disk plus bytes waiting in the coalescing buffer. */
  get receivedBytes(): number {
    return this.map.receivedBytes + (this.#run ? this.#run.end - this.#run.start : 0);
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
    const checkpoint: Checkpoint = { ...this.map.toJSON(), mtime_ms: this.sourceMtimeMs };
    const path = checkpointPath(this.finalPath);
    writeFileSync(`${path}.tmp`, JSON.stringify(checkpoint));
    renameSync(`${path}.tmp`, path);
    this.#dirty = false;
  }

  /** Renames the complete file into place, optionally with the source's modification time. */
  finalize(preserveTimes: boolean): void {
    this.flush();
    if (!this.map.isComplete) throw new Error('finalize before every byte arrived');
    fdatasyncSync(this.#fd);
    this.#close();
    renameSync(partialPath(this.finalPath), this.finalPath);
    if (preserveTimes) utimesSync(this.finalPath, new Date(), new Date(this.sourceMtimeMs));
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  /**
   * `finalize` with the data sync on the thread pool: many small files sync concurrently, which the file system
   * batches into few journal commits, instead of one blocking sync each.
   */
  async finalizeAsync(preserveTimes: boolean): Promise<void> {
    this.flush();
    if (!this.map.isComplete) throw new Error('finalize before every byte arrived');
    const fd = this.#fd;
    await new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
    this.#close();
    renameSync(partialPath(this.finalPath), this.finalPath);
    if (preserveTimes) utimesSync(this.finalPath, new Date(), new Date(this.sourceMtimeMs));
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  /**
   * Syncs, records the complete map and closes, leaving `<name>.partial` for a finisher that transforms it instead of
   * renaming it (content protection decrypts it); a failed finisher leaves a complete partial to try again.
   */
  async closeComplete(): Promise<string> {
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

  /** Stops writing, keeping the partial file and its checkpoint for a later resume. */
  suspend(): void {
    if (this.#closed) return;
    this.persist();
    this.#close();
  }

  discard(): void {
    this.#close();
    rmSync(partialPath(this.finalPath), { force: true });
    rmSync(checkpointPath(this.finalPath), { force: true });
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    active.delete(this.finalPath);
    closeSync(this.#fd);
  }
}
