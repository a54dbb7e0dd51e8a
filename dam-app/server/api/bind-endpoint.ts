import type { z } from 'zod';
import type { Auth, Endpoint } from '../../api/contract/define-endpoint.ts';
import type { HandlerContext, RouteDefinition } from './define-route.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A route's HTTP work: take the parsed input, call the feature's service, answer its result. */
export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R, infer A extends Auth>
    ? (context: HandlerContext<Out<B>, Out<Q>, Out<P>, A>) => Promise<z.input<R> | Response>
    : never;

/**
 * A server route is an endpoint of the shared contract plus the handler that answers it; the router authenticates,
 * limits and parses the body, validates the input and the answer, and documents it, all from the endpoint.
 */
export function bindEndpoint<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): RouteDefinition {
  return { ...endpoint, handler } as unknown as RouteDefinition;
}
