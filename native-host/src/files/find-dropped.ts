import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface DroppedFile {
  name: string;
  size: number;
  lastModifiedDate?: string | number;
}

/**
 * The browser tells the page only a dropped file's name, size and date; the local path is found by looking for
 * exactly that file in the folders files are usually dragged from. Ambiguous or missing files are left out.
 */
export async function findDropped(file: DroppedFile, folders: string[]): Promise<string | undefined> {
  const name = basename(file.name);
  if (!name || name !== file.name.split(/[\\/]/).pop()) return undefined;
  const modified = dropDate(file.lastModifiedDate);
  const found: string[] = [];
  for (const folder of folders) {
    const candidate = join(folder, name);
    try {
      const info = await stat(candidate);
      if (!info.isFile() || info.size !== file.size) continue;
      if (modified !== undefined && Math.abs(info.mtimeMs - modified) > 2000) continue;
      if (!found.includes(candidate)) found.push(candidate);
    } catch {}
  }
  return found.length === 1 ? found[0] : undefined;
}

function dropDate(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}
