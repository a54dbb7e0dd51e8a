import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';

export const health = defineEndpoint({
  method: 'get',
  path: '/health',
  tag: 'Status',
  summary: 'Whether the server and its database answer',
  auth: 'public',
  response: z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string() }),
});
