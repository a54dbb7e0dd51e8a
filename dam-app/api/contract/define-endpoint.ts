import type { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'delete';
/** public: anyone; user: a signed-in person or an API key; admin: an administrator. */
export type Auth = 'public' | 'user' | 'admin';
/** What a request body is: JSON (at most 1 MB) or bytes the handler streams (at most the upload maximum). */
export type BodyKind = 'json' | 'binary';
/** The error answers an endpoint gives beyond those every endpoint may give (400, 401, 403 by auth, 500): status → codes. */
export type EndpointErrors = Partial<
  Record<400 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503 | 507, readonly string[]>
>;

/**
 * One endpoint of `/api/v1`, declared once and shared: the server binds a handler to it (`bindEndpoint`), the router
 * validates and documents from it, and the web client calls it (`api.call(endpoint, …)`) typed from the same object.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: Method;
  /** OpenAPI style, `{id}` for parameters, relative to `/api/v1`. */
  path: string;
  summary: string;
  tag: string;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201 | 202;
  errors?: EndpointErrors;
  /** The request body's kind; JSON when left out. A `binary` body is streamed by the handler from the raw request. */
  accepts?: BodyKind;
  /** An endpoint that answers bytes (a file, an archive) names their media type; it is fetched, not `call`ed. */
  produces?: string;
}

/** Keeps the literal types of one endpoint, so both sides derive their types from it. */
export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
>(endpoint: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return endpoint;
}

/** What a caller gives for the path's `{name}` parameters (schema `P`): each named one, as a number or a string. */
export type PathParams<P> = P extends z.ZodType ? { [K in keyof z.output<P>]: string | number } : undefined;

/** The path with its `{name}` parameters filled in, each one encoded as one segment. */
export function endpointPath(endpoint: Endpoint, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
