import type { Readable } from 'node:stream';

/** What a stored object is: enough to answer a download and to tell two contents apart. */
export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/**
 * A named place for bytes, addressed by keys (`/`-separated, relative, never `..`). The local filesystem is behind
 * every area today; an object store can take the renditions and versions areas without touching callers, which
 * never see a filesystem path except through `localPath` (tools such as ffmpeg need one; an object store would
 * download to a temporary file).
 */
export interface StorageArea {
  readonly name: AreaName;
  /** Stores a local file's bytes under `key` (copied; the source stays). */
  putFile(key: string, sourcePath: string): Promise<void>;
  put(key: string, bytes: Buffer | Readable): Promise<void>;
  /** The bytes under `key`, or those from `start` to `end` (inclusive) of them. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Moves a local file or directory into the area under `key` (the trash takes deleted folders whole). */
  adopt(key: string, sourcePath: string): Promise<void>;
  /** Moves what is under `key` out of the area to a local path (restore from the trash). */
  release(key: string, targetPath: string): Promise<void>;
  /** A path a local tool can read; undefined for a key that would leave the area. */
  localPath(key: string): string | undefined;
}

/** Originals, versions, renditions, trash and the conversions cache are separate areas (reference/dam.md §1). */
export type AreaName = 'originals' | 'versions' | 'renditions' | 'trash' | 'conversions' | 'archive';

export interface StorageAreas {
  /** The browsable tree: the storage root, which is the transfer node's docroot. */
  originals: StorageArea;
  versions: StorageArea;
  renditions: StorageArea;
  trash: StorageArea;
  /** Converted files, by asset version and preset: the conversions cache. */
  conversions: StorageArea;
  /** R-ARCHIVE: the colder tier archived originals move to: a folder, or an S3-compatible store (`DAM_ARCHIVE_URL`). */
  archive: StorageArea;
}
