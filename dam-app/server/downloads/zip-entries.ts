import { lstat, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { readNoFollow } from '../access/storage-path.ts';

export interface ZipEntry {
  /** The name inside the archive (folders keep their place relative to what was chosen). */
  name: string;
  absolute: string;
  size: number;
  lastModified: Date;
}

/**
 * Every file under the chosen files and folders. Symbolic links are skipped, a chosen one too (callers confine the
 * chosen paths, which refuses links, but one may have been put there since): they could point anywhere.
 */
export async function collectZipEntries(chosen: string[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const visit = async (absolute: string, name: string) => {
    const info = await lstat(absolute);
    if (info.isDirectory()) {
      const children = await readdir(absolute, { withFileTypes: true });
      for (const child of children.sort((a, b) => a.name.localeCompare(b.name)))
        if (!child.isSymbolicLink()) await visit(join(absolute, child.name), `${name}/${child.name}`);
    } else if (info.isFile()) entries.push({ name, absolute, size: info.size, lastModified: info.mtime });
  };
  for (const absolute of chosen) await visit(absolute, basename(absolute));
  return entries;
}

/** The entries as client-zip inputs, each file opened only when the archive reaches it. */
export function* zipInputs(entries: ZipEntry[]) {
  for (const entry of entries)
    yield {
      name: entry.name,
      lastModified: entry.lastModified,
      size: entry.size,
      input: Readable.toWeb(readNoFollow(entry.absolute)) as ReadableStream<Uint8Array>,
    };
}
