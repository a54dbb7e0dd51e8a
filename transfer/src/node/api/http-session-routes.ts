import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpSessionClose, httpSessionOpen } from '@rapid/protocol';
import { verifyToken } from '../../auth/transfer-token.ts';
import { SessionError } from '../../session/session-types.ts';
import type { ApiContext } from './api-context.ts';
import { readJson, sendError, sendJson } from './http-util.ts';

const CLOSE = /^\/files\/http_sessions\/([^/]+)\/close$/;

/** HTTP status for a refused session, keeping the node-api.md §9 code in the body for the client. */
function refuse(res: ServerResponse, error: SessionError): void {
  const status = error.code === 19 ? 401 : error.code === 41 ? 403 : error.code === 4 ? 404 : 400;
  sendJson(res, status, {
    error: { code: status, reason: 'Refused', user_message: error.message, rapid_code: error.code },
  });
}

/**
 * `POST /files/http_sessions` (a `hello` over HTTPS, authorised by its transfer token like the control channel) and
 * `POST /files/http_sessions/{id}/close` (PROTOCOL.md §4). Answers true when the path was one of them.
 */
export async function routeHttpSessions(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (path !== '/files/http_sessions' && !CLOSE.test(path)) return false;
  if (req.method !== 'POST') {
    sendError(res, 405, 'POST only');
    return true;
  }
  const body = await readJson(req, 16 * 1024 * 1024);
  const match = CLOSE.exec(path);
  if (!match) {
    const parsed = httpSessionOpen.safeParse(body);
    if (!parsed.success) {
      sendError(res, 400, 'malformed session request');
      return true;
    }
    const { hello } = parsed.data;
    const check = verifyToken(ctx.config.secret, hello.token, {
      nodeId: ctx.config.nodeId,
      direction: hello.direction,
      cookie: hello.cookie,
    });
    if (!check.ok) {
      refuse(res, new SessionError(19, check.reason, false));
      return true;
    }
    try {
      sendJson(
        res,
        200,
        await ctx.httpSessions.open(parsed.data, check.claims, req.socket.remoteAddress ?? ''),
      );
    } catch (error) {
      if (error instanceof SessionError) refuse(res, error);
      else throw error;
    }
    return true;
  }
  const session = ctx.httpSessions.get(decodeURIComponent(match[1] ?? ''));
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const direction = session?.transfer.direction ?? 'send';
  const check = verifyToken(ctx.config.secret, token, { nodeId: ctx.config.nodeId, direction });
  if (!session || !check.ok || check.claims.xfer_id !== session.transfer.id) {
    sendError(res, 404, 'no such fallback session');
    return true;
  }
  const parsed = httpSessionClose.safeParse(body);
  if (!parsed.success) {
    sendError(res, 400, 'malformed session close');
    return true;
  }
  ctx.httpSessions.close(session, parsed.data);
  // A download cut by a node-side cancel looks like a network failure to the client: its close learns the truth.
  if (session.cancelled) sendError(res, 410, 'the transfer was cancelled on the node');
  else res.writeHead(204).end();
  return true;
}
