import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import type { Auth, EndpointErrors } from './define-endpoint.ts';
import type { EndpointGroup } from './endpoint-group.ts';
import { errors } from './error-sets.ts';
import { idParams } from './params.ts';

/**
 * The endpoints of a set of named things a person lists, creates, changes and deletes (carts, collections, groups,
 * ACLs, saved searches, API keys): `GET path`, `POST path` (201; 409 `exists` when the name is taken),
 * `PUT path/{id}` (404, 409) and `DELETE path/{id}` (404). Each takes its summary and the errors it adds.
 */
export function namedSet<
  A extends Auth,
  I extends z.ZodType,
  S extends z.ZodType,
  C extends z.ZodType = I,
>(set: {
  group: EndpointGroup<A>;
  path: string;
  /** What the set lists, and what a create or a change answers. */
  item: I;
  /** The body of a create or a change. */
  save: S;
  /** The code of the 409 a taken name answers. */
  exists: string;
  /** What a create answers, when not the item (an API key's one showing of its secret). */
  created?: C;
}) {
  const one = set.group.item(`${set.path}/{id}`, idParams);
  const nameTaken = { 409: [set.exists] };
  return {
    /** The set's items, for more endpoints below `path/{id}`. */
    one,
    list: (summary: string, extra?: EndpointErrors) =>
      set.group.get(set.path, { summary, response: z.array(set.item), errors: extra }),
    create: (summary: string, extra?: EndpointErrors) =>
      set.group.post(set.path, {
        summary,
        body: set.save,
        response: (set.created ?? set.item) as C,
        status: 201,
        errors: errors(extra, nameTaken),
      }),
    update: (summary: string, extra?: EndpointErrors) =>
      one.put('', { summary, body: set.save, response: set.item, errors: errors(extra, nameTaken) }),
    remove: (summary: string, extra?: EndpointErrors) =>
      one.delete('', { summary, response: okSchema, errors: extra }),
  };
}
