import { lstat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { confinePath, readNoFollow } from '../access/storage-path.ts';
import { parseByteRange } from '../downloads/byte-range.ts';
import { attachment } from '../downloads/content-disposition.ts';
import type { DamServices } from '../services.ts';
import { countOnLastByte } from './counted-download.ts';
import { VISITOR_HEADERS } from './visitor-headers.ts';

export interface FileRequest {
  range: string | undefined;
  ifRange: string | undefined;
  head: boolean;
}

/** The file at a storage path, confined to the storage root and not a link; undefined when there is none. */
export async function storedFile(services: DamServices, path: string) {
  const absolute = confinePath(services.config.storageRoot, path);
  const info = absolute ? await lstat(absolute).catch(() => undefined) : undefined;
  return absolute && info?.isFile()
    ? { absolute, size: info.size, mtime: info.mtime, mtimeMs: info.mtimeMs }
    : undefined;
}

/**
 * One file to a visitor, whole or the asked range (`If-Range` against its ETag). A GET whose answer reaches the
 * file's last byte calls `onLastByte` before that byte goes out (`countOnLastByte`); a HEAD or a range short of the end
 * counts nothing. Undefined when the path names no file.
 */
export async function visitorFileResponse(
  services: DamServices,
  file: { path: string; fileName: string },
  request: FileRequest,
  onLastByte: () => Promise<boolean>,
): Promise<Response | undefined> {
  const stored = await storedFile(services, file.path);
  if (!stored) return undefined;
  const { absolute, size } = stored;
  const etag = `"${size.toString(16)}-${Math.floor(stored.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    ...VISITOR_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachment(file.fileName),
    'Accept-Ranges': 'bytes',
    'Last-Modified': stored.mtime.toUTCString(),
    ETag: etag,
  };
  const rangeHeader = request.ifRange && request.ifRange !== etag ? undefined : request.range;
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
  const source =
    size === 0
      ? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
      : (Readable.toWeb(readNoFollow(absolute, { start, end })) as ReadableStream<Uint8Array>);
  const reachesEnd = size === 0 || end === size - 1;
  const body = request.head || !reachesEnd ? source : countOnLastByte(source, onLastByte);
  return new Response(request.head ? null : body, {
    status: range === 'whole' ? 200 : 206,
    headers: {
      ...headers,
      'Content-Length': String(size === 0 ? 0 : end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${size}` }),
    },
  });
}

/** A stored rendition (thumbnail, preview, a named rendition's file) as an image answer; undefined when it is gone. */
export async function visitorRenditionResponse(
  services: DamServices,
  rendition: { storage_key: string; mime_type: string } | undefined,
): Promise<Response | undefined> {
  const stored = rendition ? await services.storage.renditions.stat(rendition.storage_key) : undefined;
  if (!rendition || !stored) return undefined;
  const stream = await services.storage.renditions.read(rendition.storage_key);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      ...VISITOR_HEADERS,
      'Content-Type': rendition.mime_type,
      'Content-Length': String(stored.size),
    },
  });
}
