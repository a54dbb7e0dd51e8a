import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { verifyToken } from '../../auth/transfer-token.ts';
import { isUnderRoots } from '../../fs/confine-path.ts';
import type { ApiContext } from './api-context.ts';
import { basicUser, sendError, sendJson } from './http-util.ts';

/** Parses `bytes=a-b` / `bytes=a-` / `bytes=-n` against a size; undefined = whole file, null = unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  }
  return start <= end && start < size ? { start, end } : null;
}

function authorized(
  ctx: ApiContext,
  req: IncomingMessage,
  path: string,
  direction: 'send' | 'receive',
): boolean {
  if (basicUser(req, ctx.config.users)) return true;
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return false;
  const check = verifyToken(ctx.config.secret, header.slice(7), { nodeId: ctx.config.nodeId, direction });
  return check.ok && isUnderRoots(path, check.claims.roots);
}

/**
 * "Standard Download (HTTP)" and the HTTPS fallback: `GET`/`HEAD` with single ranges, and `PUT` with an optional
 * `Content-Range: bytes a-b/size` written positionally into the shared `.partial` (PROTOCOL.md §4).
 */
export async function serveContent(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (!authorized(ctx, req, path, method === 'PUT' ? 'send' : 'receive'))
    return sendError(res, 401, 'check the credentials');
  let local: string;
  try {
    local = ctx.storage.resolve(path);
  } catch {
    return sendError(res, 403 as 400, 'path outside the docroot');
  }
  if (method === 'PUT') return receive(ctx, req, res, local);
  const entry = ctx.storage.stat(path);
  if (entry?.type !== 'file') return sendError(res, 404, `no file ${path}`);
  const range = parseRange(req.headers.range, entry.size);
  if (range === null)
    return sendError(res, 416, 'unsatisfiable range', { 'Content-Range': `bytes */${entry.size}` });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(entry.mtime).toUTCString(),
    'Content-Length': range ? range.end - range.start + 1 : entry.size,
  };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${entry.size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (method === 'HEAD' || entry.size === 0) return void res.end();
  await pipeline(ctx.storage.read(path, range), res).catch(() => res.destroy());
}

async function receive(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  local: string,
): Promise<void> {
  const length = Number(req.headers['content-length']);
  const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
  const start = contentRange ? Number(contentRange[1]) : 0;
  const size = contentRange ? Number(contentRange[3]) : length;
  const end = contentRange ? Number(contentRange[2]) + 1 : length;
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger(length) || end - start !== length || end > size) {
    return sendError(res, 400, 'PUT needs Content-Length and a consistent Content-Range');
  }
  let partial: ReturnType<typeof ctx.uploads.acquire>;
  try {
    partial = ctx.uploads.acquire(local, size);
  } catch (error) {
    return sendError(res, 409, (error as Error).message);
  }
  let position = start;
  try {
    for await (const chunk of req) {
      const data = chunk as Buffer;
      if (position + data.length > end) throw new Error('body longer than its range');
      partial.write(position, data);
      position += data.length;
    }
    if (position !== end) throw new Error('body shorter than its range');
    partial.flush();
  } catch (error) {
    ctx.uploads.release(local);
    return sendError(res, 400, (error as Error).message);
  }
  const completed = ctx.uploads.release(local);
  sendJson(res, completed ? 201 : 200, { bytes_written: end - start, complete: completed });
}
