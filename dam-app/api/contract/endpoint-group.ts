import type { z } from 'zod';
import type { Auth, Endpoint, Method } from './define-endpoint.ts';
import { errors, notFound } from './error-sets.ts';

type Schema = z.ZodType | undefined;
/** What an endpoint of a group says itself: its method and path are the call's, its tag and auth the group's. */
type Declared<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends z.ZodType,
  A extends Auth,
> = Omit<Endpoint<P, Q, B, R, A>, 'method' | 'path' | 'tag' | 'auth'> & { auth?: A };

/** Declares one endpoint of a group at `path`; `A`, its auth, is the group's unless it names its own. */
type GroupMethod<GA extends Auth> = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = GA,
>(
  path: string,
  endpoint: Declared<P, Q, B, R, A>,
) => Endpoint<P, Q, B, R, A>;

/** Declares one endpoint of an item at `path` below the item's own (`''` for the item itself). */
type ItemMethod<GA extends Auth, P extends z.ZodType> = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = GA,
>(
  path: string,
  endpoint: Omit<Declared<P, Q, B, R, A>, 'params'>,
) => Endpoint<P, Q, B, R, A>;

export interface EndpointGroup<GA extends Auth> extends Record<Method, GroupMethod<GA>> {
  /**
   * The endpoints of one item, at `path` with its `params` (`/folders/{id}`): each one takes those parameters and
   * answers 404 `not_found` when the item does not exist or is not the caller's to see.
   */
  item<P extends z.ZodType>(path: string, params: P): Record<Method, ItemMethod<GA, P>>;
}

/**
 * The endpoints of one tag, most of them with one auth: `group.get(path, { summary, response, … })` declares one
 * with the group's tag and auth, as `defineEndpoint` would.
 */
export function endpointGroup<GA extends Auth>(tag: string, auth: GA): EndpointGroup<GA> {
  const on =
    (method: Method): GroupMethod<GA> =>
    (path, endpoint) =>
      ({ method, path, tag, auth, ...endpoint }) as never;
  const group = { get: on('get'), post: on('post'), put: on('put'), delete: on('delete') };
  return {
    ...group,
    item: (itemPath, params) => {
      const at =
        (method: Method): ItemMethod<GA, typeof params> =>
        (path, endpoint) =>
          group[method](`${itemPath}${path}`, {
            ...endpoint,
            params,
            errors: errors(notFound, endpoint.errors),
          }) as never;
      return { get: at('get'), post: at('post'), put: at('put'), delete: at('delete') };
    },
  };
}
