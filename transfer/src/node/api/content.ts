import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { verifyToken } from '../../auth/transfer-token.ts';
import { isUnderRoots, joinRelative } from '../../fs/confine-path.ts';
import { roomToWrite } from '../../stream/room-to-write.ts';
import { type HttpSession, SessionCancelled } from '../http-session.ts';
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

/** A node user (any transfer) or the transfer token's `xfer_id`; undefined when not allowed. */
function authorized(
  ctx: ApiContext,
  req: IncomingMessage,
  path: string,
  direction: 'send' | 'receive',
): { xferId?: string; landsBeside?: boolean } | undefined {
  if (basicUser(req, ctx.config.users)) return {};
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return undefined;
  const check = verifyToken(ctx.config.secret, header.slice(7), { nodeId: ctx.config.nodeId, direction });
  if (!check.ok || !isUnderRoots(path, check.claims.roots)) return undefined;
  return { xferId: check.claims.xfer_id, landsBeside: check.claims.clash_policy !== undefined };
}

/** The fallback session a request names (`X-Rapid-Session`), checked against the token's transfer. */
function namedSession(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  who: { xferId?: string },
): HttpSession | null | undefined {
  const id = req.headers['x-rapid-session'];
  if (typeof id !== 'string') return undefined;
  const session = ctx.httpSessions.get(id);
  if (!session || (who.xferId !== undefined && who.xferId !== session.transfer.id)) {
    sendError(res, 412, 'unknown fallback session (open a new one)');
    return null;
  }
  if (session.cancelled) {
    sendError(res, 410, 'the transfer was cancelled on the node', { Connection: 'close' });
    return null;
  }
  return session;
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
  const who = authorized(ctx, req, path, method === 'PUT' ? 'send' : 'receive');
  if (!who) return sendError(res, 401, 'check the credentials');
  const session = namedSession(ctx, req, res, who);
  if (session === null) return;
  let local: string;
  try {
    local = ctx.storage.resolve(path);
  } catch {
    return sendError(res, 403 as 400, 'path outside the docroot');
  }
  // Only a planned session knows where a clashing file lands: a bare PUT with such a token could write any name.
  if (method === 'PUT' && who.landsBeside && !session)
    return sendError(res, 403 as 400, 'this token uploads through a fallback session only');
  if (method === 'PUT') return receive(ctx, req, res, local, session);
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
  const index = session?.byPath.get(joinRelative(path));
  if (session && method === 'GET' && index !== undefined) {
    session.inflight++;
    try {
      await session.gate();
      res.writeHead(range ? 206 : 200, { ...headers, ...rateHeader(session) });
      await sendCounted(ctx.storage.read(path, range), res, session, index);
    } catch (error) {
      if (error instanceof SessionCancelled && !res.headersSent)
        return sendError(res, 410, error.message, { Connection: 'close' });
      res.destroy();
    } finally {
      session.inflight--;
    }
    return;
  }
  res.writeHead(range ? 206 : 200, headers);
  if (method === 'HEAD' || entry.size === 0) return void res.end();
  await pipeline(ctx.storage.read(path, range), res).catch(() => res.destroy());
}

/** The session's current rate (after `PUT /ops/transfers` changes), which the fallback client paces at. */
const rateHeader = (session: HttpSession) => ({
  'X-Rapid-Target-Rate-Kbps': String(session.record.rate.target_rate_kbps),
});

/** A fallback session's answer: counted into its record and held while the node pauses the transfer. */
async function sendCounted(source: Readable, res: ServerResponse, session: HttpSession, index: number) {
  for await (const chunk of source) {
    await session.gate();
    session.moved(index, (chunk as Buffer).length);
    if (!res.write(chunk) && !res.destroyed) await roomToWrite(res);
    if (res.destroyed) throw new Error('client went away');
  }
  res.end();
}

async function receive(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  local: string,
  session: HttpSession | undefined,
): Promise<void> {
  const index = session?.byPath.get(local);
  if (session && index === undefined) return sendError(res, 400, 'not a file of this session');
  const mtime = Number(req.headers['x-rapid-mtime-ms']);
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
    partial = ctx.uploads.acquire(local, size, Number.isFinite(mtime) ? mtime : undefined);
  } catch (error) {
    return sendError(res, 409, (error as Error).message);
  }
  let position = start;
  if (session) session.inflight++;
  try {
    for await (const chunk of req) {
      const data = chunk as Buffer;
      if (position + data.length > end) throw new Error('body longer than its range');
      partial.write(position, data);
      position += data.length;
      if (session && index !== undefined) {
        session.moved(index, data.length, partial.receivedBytes);
        await session.gate();
      }
    }
    if (position !== end) throw new Error('body shorter than its range');
    partial.flush();
  } catch (error) {
    ctx.uploads.release(local);
    if (error instanceof SessionCancelled) return sendError(res, 410, error.message, { Connection: 'close' });
    return sendError(res, 400, (error as Error).message);
  } finally {
    if (session) session.inflight--;
  }
  const completed = ctx.uploads.release(local, req.headers['x-rapid-preserve-times'] === '1');
  if (completed && session && index !== undefined) session.fileCompleted(index);
  sendJson(
    res,
    completed ? 201 : 200,
    { bytes_written: end - start, complete: completed },
    session ? rateHeader(session) : {},
  );
}
