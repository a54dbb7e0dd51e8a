import { Readable } from 'node:stream';
import { downloadZip, predictLength } from 'client-zip';
import { readNoFollow } from '../access/storage-path.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { countOnLastByte } from './counted-download.ts';
import { storedFile } from './visitor-file.ts';
import { VISITOR_HEADERS } from './visitor-headers.ts';

/** A name safe inside a zip: one segment (no `/`, `\\`, `..`, control characters), unique in the archive. */
export function zipEntryName(fileName: string, taken: Set<string>): string {
  const cleaned =
    [...fileName]
      .map((ch) => {
        const code = ch.codePointAt(0) ?? 0;
        return code < 0x20 || code === 0x7f || '/\\:'.includes(ch) ? '_' : ch;
      })
      .join('')
      .replace(/^\.+/, '')
      .trim() || 'file';
  let name = cleaned;
  const dot = cleaned.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [cleaned.slice(0, dot), cleaned.slice(dot)] : [cleaned, ''];
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Files as one stored ZIP64 stream, its length known up front (`Content-Length`). Files gone from the disk are left
 * out; undefined when none is left. A GET calls `start` (to record the download) and the zip's last byte waits for the
 * count `start` answers; a HEAD counts and records nothing.
 */
export async function visitorZipResponse(
  services: DamServices,
  files: { path: string; fileName: string }[],
  zipName: string,
  head: boolean,
  start: () => Promise<() => Promise<boolean>>,
): Promise<Response | undefined> {
  const taken = new Set<string>();
  const entries: { name: string; absolute: string; size: number; lastModified: Date }[] = [];
  for (const file of files) {
    const stored = await storedFile(services, file.path);
    if (stored)
      entries.push({
        name: zipEntryName(file.fileName, taken),
        absolute: stored.absolute,
        size: stored.size,
        lastModified: stored.mtime,
      });
  }
  if (entries.length === 0) return undefined;
  const length = predictLength(entries.map(({ name, size, lastModified }) => ({ name, size, lastModified })));
  const headers = {
    ...VISITOR_HEADERS,
    'Content-Type': 'application/zip',
    'Content-Length': length.toString(),
    'Content-Disposition': attachment(zipEntryName(`${zipName}.zip`, new Set())),
  };
  if (head) return new Response(null, { headers });
  const take = await start();
  const inputs = function* () {
    for (const entry of entries)
      yield {
        name: entry.name,
        lastModified: entry.lastModified,
        size: entry.size,
        input: Readable.toWeb(readNoFollow(entry.absolute)) as ReadableStream<Uint8Array>,
      };
  };
  const zip = downloadZip(inputs(), { length });
  return new Response(countOnLastByte(zip.body as ReadableStream<Uint8Array>, take), { headers });
}
