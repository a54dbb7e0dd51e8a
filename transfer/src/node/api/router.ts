import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiContext, ApiReply } from './api-context.ts';
import { errorReply } from './api-context.ts';
import { browse } from './browse.ts';
import { serveContent } from './content.ts';
import { applyCors } from './cors.ts';
import { routeHttpSessions } from './http-session-routes.ts';
import { BodyError, basicUser, readJson, sendError, sendJson } from './http-util.ts';
import { info } from './info.ts';
import { issueOpsReadToken, opsReadClaims, routeOpsRead } from './ops-read-access.ts';
import { cancelTransfer, getTransfer, listTransfers, putTransfer } from './ops-transfers.ts';
import { handleSetup } from './setup.ts';

const TRANSFER = /^\/ops\/transfers\/([^/]+)$/;
const CONTENT = '/files/content';

function write(res: ServerResponse, reply: ApiReply): void {
  if (reply.body === undefined) {
    res.writeHead(reply.status, { ...reply.headers, 'Content-Length': 0 });
    res.end();
  } else sendJson(res, reply.status, reply.body, reply.headers);
}

async function route(
  ctx: ApiContext,
  req: IncomingMessage,
  url: URL,
  user: string,
): Promise<ApiReply | undefined> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (method === 'GET' && path === '/info') return { status: 200, body: info(ctx) };
  if (method === 'POST' && path === '/files/upload_setup')
    return handleSetup(ctx, 'upload', user, await readJson(req));
  if (method === 'POST' && path === '/files/download_setup')
    return handleSetup(ctx, 'download', user, await readJson(req));
  if (method === 'POST' && path === '/files/browse') return browse(ctx, await readJson(req));
  if (method === 'GET' && path === '/ops/transfers') return listTransfers(ctx, url);
  if (method === 'POST' && path === '/rapid/ops_read_token')
    return issueOpsReadToken(ctx, await readJson(req));
  const match = TRANSFER.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1] ?? '');
    if (method === 'GET') return getTransfer(ctx, id);
    if (method === 'PUT') return putTransfer(ctx, id, await readJson(req));
    if (method === 'DELETE') return cancelTransfer(ctx, id);
  }
  return undefined;
}

/** The node's HTTP(S) API: the Node API subset of node-api.md §3 plus the content endpoints of PROTOCOL.md §4. */
export function createApiHandler(ctx: ApiContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (applyCors(req, res, ctx.config.corsOrigins)) return;
      const url = new URL(req.url ?? '/', 'http://node');
      if (url.pathname === '/ping' && (req.method === 'GET' || req.method === 'HEAD'))
        return write(res, { status: 200 });
      if (url.pathname.startsWith(`${CONTENT}/`)) {
        const path = url.pathname.slice(CONTENT.length).split('/').map(decodeURIComponent).join('/');
        return await serveContent(ctx, req, res, path);
      }
      if (await routeHttpSessions(ctx, req, res, url.pathname)) return;
      const readClaims = opsReadClaims(ctx, req);
      if (readClaims === null) return sendError(res, 401, 'the read credential is invalid or expired');
      if (readClaims) return write(res, routeOpsRead(ctx, req.method ?? 'GET', url, readClaims));
      const user = basicUser(req, ctx.config.users);
      if (!user)
        return sendError(res, 401, 'check the credentials', {
          'WWW-Authenticate': 'Basic realm="rapid node"',
        });
      const reply = await route(ctx, req, url, user);
      write(res, reply ?? errorReply(404, `no endpoint ${req.method} ${url.pathname}`));
    } catch (error) {
      if (error instanceof BodyError) return sendError(res, error.status, error.message);
      if (!res.headersSent) sendError(res, 500, (error as Error).message);
      else res.destroy();
    }
  };
}

/** Answers `CANCEL /ops/transfers/{id}`, which Node's parser refuses (see refused-methods.ts). */
export function answerCancel(ctx: ApiContext, request: Request): Response {
  const headers = Object.fromEntries(request.headers);
  const origin = headers.origin;
  const cors: Record<string, string> =
    origin && (ctx.config.corsOrigins === '*' || ctx.config.corsOrigins.includes(origin))
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Allow-Credentials': 'true' }
      : {};
  const user = basicUser({ headers } as IncomingMessage, ctx.config.users);
  const match = TRANSFER.exec(new URL(request.url).pathname);
  const reply = !user
    ? errorReply(401, 'check the credentials')
    : match
      ? cancelTransfer(ctx, decodeURIComponent(match[1] ?? ''))
      : errorReply(404, 'no endpoint');
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers: cors });
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { ...cors, 'Content-Type': 'application/json' },
  });
}
