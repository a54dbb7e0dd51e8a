import type { Context } from 'hono';
import type { z } from 'zod';
import type { Auth, BodyKind, EndpointErrors, Method } from '../../api/contract/define-endpoint.ts';
import type { Principal } from '../access/principal.ts';
import type { DamServices } from '../services.ts';

export type { Auth, Method };

export interface HandlerContext<B, Q, P, A extends Auth> {
  c: Context;
  services: DamServices;
  principal: A extends 'public' ? Principal | undefined : Principal;
  body: B;
  query: Q;
  params: P;
  ip: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: Method;
  /** OpenAPI style, `{id}` for parameters, relative to `/api/v1`. */
  path: string;
  summary: string;
  tag: string;
  auth: A;
  body?: B;
  /**
   * What the request body is: JSON for `body` (the default, at most 1 MB), or `binary` — bytes the handler streams
   * from `c.req.raw.body`, at most the configured upload maximum. Any other media type is a 415.
   */
  accepts?: BodyKind;
  query?: Q;
  params?: P;
  response: R;
  status?: 200 | 201 | 202;
  /** The error answers it gives beyond the common ones, for the OpenAPI document. */
  errors?: EndpointErrors;
  /** A route that answers bytes (a file, an archive) names their media type; its handler returns a Response. */
  produces?: string;
  handler(context: HandlerContext<Out<B>, Out<Q>, Out<P>, A>): Promise<z.input<R> | Response>;
}

/**
 * Keeps the types of one route together; the router validates and documents it from the same schemas.
 * @deprecated Declare the endpoint in `api/contract/<feature>-endpoints.ts` and bind a handler with `bindEndpoint`
 * (see `server/working-sets/`), so the web client calls the same declaration. Kept until every feature is converted.
 */
export function defineRoute<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
  A extends Auth,
>(definition: RouteDefinition<B, Q, P, R, A>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}
