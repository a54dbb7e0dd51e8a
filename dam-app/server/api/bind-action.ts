import type { Auth, Endpoint } from '../../api/contract/define-endpoint.ts';
import { bindEndpoint, type EndpointHandler, type RouteDefinition } from './bind-endpoint.ts';

type OkEndpoint = Endpoint<
  // biome-ignore lint/suspicious/noExplicitAny: any input; only the answer is constrained
  any,
  // biome-ignore lint/suspicious/noExplicitAny: any input; only the answer is constrained
  any,
  // biome-ignore lint/suspicious/noExplicitAny: any input; only the answer is constrained
  any,
  import('zod').ZodType<{ ok: true }>,
  Auth
>;

/** Binds an endpoint that answers `{ ok: true }` when its work is done (a delete, a removal, a logout). */
export function bindAction<E extends OkEndpoint>(
  endpoint: E,
  work: (context: Parameters<EndpointHandler<E>>[0]) => Promise<unknown>,
): RouteDefinition {
  const handler = async (context: Parameters<EndpointHandler<E>>[0]) => {
    await work(context);
    return { ok: true as const };
  };
  return bindEndpoint(endpoint, handler as EndpointHandler<E>);
}
