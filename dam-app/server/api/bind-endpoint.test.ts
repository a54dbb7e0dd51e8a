import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../api/contract/define-endpoint.ts';
import { bindEndpoint } from './bind-endpoint.ts';

const rename = defineEndpoint({
  method: 'put',
  path: '/things/{id}',
  tag: 'Test',
  summary: 'Rename a thing',
  auth: 'user',
  params: z.object({ id: z.coerce.number() }),
  body: z.strictObject({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string() }),
  errors: { 404: ['not_found'] },
});

describe('bindEndpoint', () => {
  it('makes a route of the endpoint and its handler, for the router and the OpenAPI document', async () => {
    const route = bindEndpoint(rename, async ({ params, body, principal }) => ({
      id: params.id + principal.user.id,
      name: body.name,
    }));
    expect(route).toMatchObject({
      method: 'put',
      path: '/things/{id}',
      auth: 'user',
      errors: { 404: ['not_found'] },
    });
    expect(route.body).toBe(rename.body);
    const typeChecks = () => [
      // @ts-expect-error: the answer must match the endpoint's response schema
      bindEndpoint(rename, async ({ body }) => ({ id: body.name })),
      // @ts-expect-error: the parsed parameters are the endpoint's, with no {thing}
      bindEndpoint(rename, async ({ params, body }) => ({ id: params.thing, name: body.name })),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });
});
