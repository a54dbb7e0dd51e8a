import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { OutsideStorageError } from '../access/storage-path.ts';
import { resolvePrincipal } from '../auth/resolve-principal.ts';
import { isCallerDataError } from '../db/data-error.ts';
import type { DamServices } from '../services.ts';
import { createBrowserUploads } from '../uploads/browser-upload.ts';
import { ApiError, invalid, notFound } from './api-error.ts';
import type { RouteDefinition } from './bind-endpoint.ts';
import { hasBody, limitBody, MAX_JSON_BODY_BYTES } from './body-policy.ts';
import { clientIp } from './client-ip.ts';
import { passesOriginCheck } from './origin-check.ts';
import { assignRequestId, REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';
import { serverFailure, serverFailureBody } from './server-failure.ts';

/** Request bodies above this are refused with 413 before they are read whole. */
export const MAX_BODY_BYTES = MAX_JSON_BODY_BYTES;

/**
 * Mounts every route under one Hono app: authentication, the origin check, input parsed with the route's zod
 * schemas (unknown fields refused), and the answer parsed with its response schema, so nothing the schema does
 * not name (a password hash, a token) can leave the server.
 */
export function createApiRouter(services: DamServices, routes: RouteDefinition[]): Hono {
  const api = new Hono();
  const publicOrigin = new URL(services.config.publicUrl).origin;
  // First of all, so that even a refused body's answer and its log line carry the id.
  api.use(async (c, next) => {
    const id = assignRequestId(c.req.raw);
    await next();
    c.header(REQUEST_ID_HEADER, id);
  });
  api.use(async (c, next) => {
    const started = performance.now();
    await next();
    // An answer that says how long it may be kept (a rendition at its immutable address) keeps its own word.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    // The contract's path the handler set (tus's is /uploads); never the raw path, whose ids would explode the series.
    const route = (c.get('route' as never) as string | undefined) ?? 'unmatched';
    // tus answers on the Node response itself: its status is there, not on Hono's.
    const outgoing = (c.env as { outgoing?: { headersSent: boolean; statusCode: number } } | undefined)
      ?.outgoing;
    const status = outgoing?.headersSent ? outgoing.statusCode : c.res.status;
    services.metrics.request(c.req.method, route, status, (performance.now() - started) / 1000);
    services.log.info('api.request', {
      request_id: requestIdOf(c.req.raw),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  /** Who asks: the session or API key's person, or nobody, with why (a timed-out session, a bad key). */
  const caller = async (c: Context) => {
    const resolution = await resolvePrincipal(services.db, c, services.config.sessionIdleMinutes);
    return { resolution, principal: resolution.kind === 'principal' ? resolution.principal : undefined };
  };
  /** A state-changing request from another site is refused, as if the person lacked the permission. */
  const refuseCrossSite = (c: Context, principal: Principal | undefined) => {
    if (!passesOriginCheck(c, publicOrigin, principal))
      throw new ApiError(
        403,
        'bad_origin',
        MESSAGES.noPermission,
        'Cross-site request refused (Origin or CSRF token).',
      );
  };

  const uploads = createBrowserUploads(services);
  const browserUpload = async (c: Context) => {
    c.set('route' as never, '/uploads' as never);
    const { resolution, principal } = await caller(c);
    if (resolution.kind === 'expired') throw new ApiError(401, 'session_timeout', MESSAGES.sessionTimedOut);
    refuseCrossSite(c, principal);
    return uploads(c, principal, requestIdOf(c.req.raw) ?? '');
  };
  api.all('/uploads', browserUpload);
  api.all('/uploads/*', browserUpload);

  for (const route of routes) {
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    api.on(route.method.toUpperCase(), honoPath, async (c) => {
      c.set('route' as never, route.path as never);
      const { resolution, principal } = await caller(c);
      if (resolution.kind === 'bad_key') throw new ApiError(401, 'bad_api_key', MESSAGES.tokenInvalid);
      if (route.auth !== 'public' && !principal) {
        if (resolution.kind === 'expired')
          throw new ApiError(401, 'session_timeout', MESSAGES.sessionTimedOut);
        throw new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
      }
      if (route.auth === 'admin' && !principal?.user.is_admin)
        throw new ApiError(403, 'not_administrator', MESSAGES.notAdministrator);
      refuseCrossSite(c, principal);

      // After authentication, so a stranger's body is refused without reading any of it.
      if (route.accepts === 'binary') limitBody(c, 'binary', services.config.maxUploadBytes);
      else limitBody(c, 'json', MAX_JSON_BODY_BYTES);
      const params = route.params ? parse(route.params, c.req.param()) : undefined;
      const query = route.query ? parse(route.query, queryObject(c.req.queries())) : undefined;
      const body = route.body ? parse(route.body, await readJson(c.req.raw)) : undefined;
      const result = await route.handler({ c, services, principal, body, query, params, ip: clientIp(c) });
      if (result instanceof Response) return result;
      return c.json(route.response.parse(result) as object, route.status ?? 200);
    });
  }

  api.all('*', () => {
    throw new ApiError(404, 'no_such_endpoint', MESSAGES.endpointNotFound, 'No such endpoint.');
  });
  api.onError((error, c) => {
    // The unread rest of a refused body would be taken for the next request on this connection; closing it also
    // stops the server from reading (and discarding) a huge body it has already refused.
    if ((error instanceof ApiError && error.status === 413) || (hasBody(c.req.raw) && !c.req.raw.bodyUsed))
      c.header('Connection', 'close');
    const retryAfter = error instanceof ApiError ? error.extra.details?.retryAfterSeconds : undefined;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    if (error instanceof ApiError && error.status < 500) return c.json(error.toBody(), error.status);
    if (error instanceof OutsideStorageError) {
      services.log.warn('api.outside_storage', { request_id: requestIdOf(c.req.raw), error: error.message });
      return c.json(notFound('file').toBody(), 404);
    }
    if (isCallerDataError(error)) {
      // A value a schema should have refused reached the database: the caller's input, logged to close the gap.
      services.log.warn('api.refused_by_database', {
        request_id: requestIdOf(c.req.raw),
        path: c.req.path,
        method: c.req.method,
        code: (error as unknown as { code: string }).code,
        error: (error as Error).message,
      });
      return c.json(
        new ApiError(
          400,
          'invalid_value',
          MESSAGES.badRequest,
          'The database cannot hold a value of the request.',
        ).toBody(),
        400,
      );
    }
    // A server-side failure: the client gets the spec's text and the request id, the log gets what happened.
    const requestId = requestIdOf(c.req.raw) ?? '';
    const failure = error instanceof ApiError ? error : serverFailure(error);
    // A refusal for want of space (a full dock, a quota) is expected in operation: a warning, not an error.
    const level = error instanceof ApiError && error.status === 507 ? 'warn' : 'error';
    services.log[level]('api.server_error', {
      request_id: requestId,
      method: c.req.method,
      path: c.req.path,
      status: failure.status,
      code: failure.code,
      error: error instanceof ApiError ? error.message : (error as Error).stack,
    });
    c.header(REQUEST_ID_HEADER, requestId);
    return c.json(serverFailureBody(failure, requestId), failure.status);
  });
  return api;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '_');
    fields[key] ??=
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
  }
  throw invalid(fields);
}

/** Query parameters as named once (a string) or repeated (an array), for the route's schema to accept either. */
function queryObject(queries: Record<string, string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(queries).map(([key, values]) => [
      key,
      values.length === 1 ? (values[0] as string) : values,
    ]),
  );
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '')
    throw new ApiError(
      400,
      'malformed_json',
      MESSAGES.badRequest,
      'The request body is empty; JSON expected.',
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      400,
      'malformed_json',
      MESSAGES.badRequest,
      `Malformed JSON: ${(error as Error).message}`,
    );
  }
}

export const emptyObject = z.strictObject({});
