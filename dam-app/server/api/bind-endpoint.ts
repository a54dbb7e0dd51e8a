import type { Context } from 'hono';
import type { z } from 'zod';
import type { Auth, Endpoint } from '../../api/contract/define-endpoint.ts';
import type { Principal } from '../access/principal.ts';
import type { DamServices } from '../services.ts';

/** What a handler is given: the request, the services, who asks (nobody on a public endpoint), the parsed input. */
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

/** A route's HTTP work: take the parsed input, call the feature's service, answer its result. */
export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R, infer A extends Auth>
    ? (context: HandlerContext<Out<B>, Out<Q>, Out<P>, A>) => Promise<z.input<R> | Response>
    : never;

/**
 * A server route: an endpoint of the contract and the handler that answers it (the route table's element type,
 * where each handler's own input types are no longer known).
 */
export type RouteDefinition = Endpoint & {
  handler(context: HandlerContext<unknown, unknown, unknown, Auth>): Promise<unknown>;
};

/**
 * A server route is an endpoint of the shared contract plus the handler that answers it; the router authenticates,
 * limits and parses the body, validates the input and the answer, and documents it, all from the endpoint.
 */
export function bindEndpoint<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): RouteDefinition {
  return { ...endpoint, handler } as unknown as RouteDefinition;
}
