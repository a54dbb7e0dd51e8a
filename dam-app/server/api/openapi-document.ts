import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { apiErrorSchema } from '../../api/errors.ts';
import type { RouteDefinition } from './bind-endpoint.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

const ERROR_TITLES: Record<string, string> = {
  400: 'Invalid input',
  403: 'No permission',
  404: 'No such item, or no access to it',
  409: 'Conflicts with the current state',
  410: 'No longer there',
  413: 'Too large',
  422: 'Cannot be processed',
  429: 'Too many requests',
  502: 'A server it depends on (a transfer node, the mail server) failed',
  503: 'Not available here (nothing configured for it)',
  507: 'No space left',
};

/** The OpenAPI 3.1 document of `/api/v1`, generated from the same zod schemas the server validates with. */
export function openApiDocument(routes: RouteDefinition[], version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as NonNullable<ZodOpenApiPathsObject[string]>)[route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? { security: [] } : {}),
      requestParams: {
        ...(route.params ? { path: route.params as never } : {}),
        ...(route.query ? { query: route.query as never } : {}),
      },
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
        : route.accepts === 'binary'
          ? {
              requestBody: {
                required: true,
                content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
              },
            }
          : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          content: route.produces
            ? { [route.produces]: { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: route.response } },
        },
        ...(route.body ? { '400': errorResponse('Invalid input: `fields` names each problem') } : {}),
        ...(route.auth === 'public'
          ? {}
          : { '401': errorResponse('Not signed in, or the session timed out') }),
        ...(route.auth === 'admin' ? { '403': errorResponse('Not an administrator') } : {}),
        ...(route.params ? { '404': errorResponse('No such item, or no access to it') } : {}),
        ...Object.fromEntries(
          Object.entries(route.errors ?? {}).map(([status, codes]) => [
            status,
            errorResponse(`${ERROR_TITLES[status] ?? 'Refused'}; \`code\`: ${codes.join(', ')}`),
          ]),
        ),
      },
    };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Rapid DAM API',
      version,
      description:
        "Every request and answer is JSON. Browsers authenticate with the session cookie from `POST /session` (state-changing requests must come from the DAM's own origin, or carry `X-CSRF-Token`); scripts send an API key as `Authorization: Bearer <key>`. Errors are `{ error: { code, message, user_message } }`.",
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'dam_session' },
        apiKey: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{ session: [] }, { apiKey: [] }],
    paths,
  });
}
