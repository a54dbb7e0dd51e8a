import { sql } from 'kysely';
import { z } from 'zod';
import damPackage from '../../package.json' with { type: 'json' };
import { defineRoute } from './define-route.ts';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    tag: 'Status',
    summary: 'Whether the server and its database answer',
    auth: 'public',
    response: z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string() }),
    async handler({ services }) {
      await sql`select 1`.execute(services.db);
      return { ok: true, database: services.databaseKind, version: DAM_VERSION };
    },
  }),
];

/** The package's version: the bundler inlines it at build time, and the sources read it from package.json. */
export const DAM_VERSION: string = damPackage.version;
