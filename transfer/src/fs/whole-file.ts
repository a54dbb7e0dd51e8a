import { createHash } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import type { FileChecksum } from '@rapid/protocol';
import { ExtentMap } from '../receiver/extent-map.ts';
import { type FileThread, fileThread } from './file-thread.ts';
import { isGuarded, place } from './no-replace.ts';
import { checkpointPath, partialPath, reserveTarget } from './partial-file.ts';

/** Files up to this size are gathered in memory and written whole. */
export const WHOLE_FILE_BYTES = 64 * 1024;

const HASH: Record<Exclude<FileChecksum, 'none'>, string> = {
  md5: 'md5',
  sha1: 'sha1',
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
};

/**
 * A small file received into memory (a fresh one: nothing of it kept from an earlier session) and written whole once
 * every byte is there: one write of `<name>.partial` and, once the batch's data is synced, one rename, both on the
 * writer thread. Until then nothing is on disk and no checkpoint exists, so a crash leaves at most a `.partial`
 * without a checkpoint, which the next session sends again in full. The target is held against other writers like a
 * `PartialFile`'s.
 */
export class WholeFile {
  readonly map: ExtentMap;
  #data: Buffer;
  #release: () => void;
  #written: Promise<void> | undefined;
  #onDisk = false;
  #ended = false;
  /** Never called: nothing is written before the file is whole (the receiver's `PartialFile` interface). */
  onWriteError: ((error: Error) => void) | undefined;

  readonly #writer: FileThread;
  /** An earlier session's checkpoint may lie beside the target: the write removes it first. */
  readonly #staleCheckpoint: boolean;

  constructor(
    readonly finalPath: string,
    size: number,
    readonly sourceMtimeMs: number,
    { writer = fileThread, staleCheckpoint = true }: { writer?: FileThread; staleCheckpoint?: boolean } = {},
  ) {
    this.#writer = writer;
    this.#staleCheckpoint = staleCheckpoint;
    this.#release = reserveTarget(finalPath);
    this.map = new ExtentMap(size);
    this.#data = Buffer.allocUnsafeSlow(size);
  }

  queue(offset: number, data: Buffer): void {
    if (offset < 0 || offset + data.length > this.map.size) throw new RangeError('block outside the file');
    data.copy(this.#data, offset);
    this.map.add(offset, offset + data.length);
  }

  get receivedBytes(): number {
    return this.map.receivedBytes;
  }

  /** Bytes held in memory that are not on disk yet. */
  get queuedBytes(): number {
    return this.#onDisk || this.#ended ? 0 : this.map.receivedBytes;
  }

  get uncheckpointedBytes(): number {
    return 0;
  }

  /** A checkpoint would claim bytes that are only in memory: there is none. */
  persistInBackground(): void {}

  settle(): Promise<void> {
    return Promise.resolve();
  }

  checksum(kind: Exclude<FileChecksum, 'none'>): string {
    return createHash(HASH[kind]).update(this.#data).digest('hex');
  }

  /**
   * Writes `<name>.partial` whole (once), removing a checkpoint an earlier session may have left beside it; where the
   * plan's listing of the folder showed none, that removal (a system call per file) is left out.
   */
  settleComplete(): Promise<void> {
    if (!this.map.isComplete) return Promise.reject(new Error('finalize before every byte arrived'));
    this.#written ??= this.#writer
      .run({
        kind: 'write',
        path: partialPath(this.finalPath),
        data: this.#data,
        ...(this.#staleCheckpoint ? { stale: checkpointPath(this.finalPath) } : {}),
      })
      .then(() => {
        this.#onDisk = true;
      });
    return this.#written;
  }

  syncData(): Promise<void> {
    return this.#writer.run({ kind: 'datasync', path: partialPath(this.finalPath) });
  }

  /** Renames the synced partial into place; the target is free again whatever the outcome. */
  async placeSynced(preserveTimes: boolean): Promise<void> {
    try {
      // A target that must not be replaced is claimed here, where a taken name can still send the file beside it.
      if (isGuarded(this.finalPath)) {
        const placed = await place(partialPath(this.finalPath), this.finalPath);
        if (preserveTimes) await utimes(placed, new Date(), new Date(this.sourceMtimeMs));
        return;
      }
      await this.#writer.run({
        kind: 'rename',
        from: partialPath(this.finalPath),
        to: this.finalPath,
        ...(preserveTimes ? { mtimeMs: this.sourceMtimeMs } : {}),
      });
    } finally {
      this.#end();
    }
  }

  /** Stops: what is only in memory is dropped (nothing on disk claims it); a written partial stays. */
  suspend(): void {
    if (this.#written) void this.#written.catch(() => {}).finally(() => this.#end());
    else this.#end();
  }

  discard(): void {
    const written = this.#written;
    this.#end();
    if (written)
      void written
        .catch(() => {})
        .then(() => this.#writer.run({ kind: 'remove', path: partialPath(this.finalPath) }))
        .catch(() => {});
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#data = Buffer.alloc(0);
    this.#release();
  }
}
