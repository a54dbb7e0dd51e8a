import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi-document.ts';
import { API_ROUTES } from './routes.ts';

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string }>;
}

/**
 * The API's surface as a reviewer reads it: one line per endpoint with its method, path, whether it is public,
 * and every status it answers with the error codes it declares. The file beside this test is that surface; a
 * change to the contract shows there (update it with `vitest -u` when the change is meant).
 */
function surface(): string {
  const document = openApiDocument(API_ROUTES, 'test') as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  const lines: string[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const statuses = Object.entries(operation.responses).map(([status, { description }]) => {
        const codes = description.match(/`code`: (.*)$/)?.[1];
        return codes ? `${status}:${codes.replaceAll(' ', '')}` : status;
      });
      const access = operation.security?.length === 0 ? ' public' : '';
      lines.push(`${method.toUpperCase()} ${path}${access} ${statuses.join(' ')}`);
    }
  return `${lines.sort().join('\n')}\n`;
}

describe('the OpenAPI document', () => {
  it('lists every endpoint with the statuses and error codes it declares', async () => {
    await expect(surface()).toMatchFileSnapshot('openapi-surface.txt');
  });
});
