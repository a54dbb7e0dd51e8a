import { stat } from 'node:fs/promises';
import { lookup } from 'mime-types';

export interface FileEntry {
  lastModifiedDate: string;
  name: string;
  size: number;
  type: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Connect's date text: `Wed Jan 24 12:22:02 2019` (local time). */
export function connectDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${DAYS[date.getDay()]} ${MONTHS[date.getMonth()]} ${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())} ${date.getFullYear()}`;
}

export function mimeType(path: string): string {
  return lookup(path) || 'application/octet-stream';
}

/** A dataTransfer entry for a local path: `name` is the full path; folders have type `inode/directory`. */
export async function fileEntry(path: string): Promise<FileEntry> {
  const info = await stat(path);
  return {
    lastModifiedDate: connectDate(info.mtime),
    name: path,
    size: info.isDirectory() ? 0 : info.size,
    type: info.isDirectory() ? 'inode/directory' : mimeType(path),
  };
}
