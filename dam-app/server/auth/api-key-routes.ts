import type { Selectable } from 'kysely';
import { z } from 'zod';
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { ApiKeysTable } from '../db/schema.ts';
import { API_KEY_PREFIX as KEY_PREFIX, newToken, tokenHash } from './tokens.ts';

const keyView = (row: Selectable<ApiKeysTable>) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

/** Keys are managed from a signed-in session only: a key that could mint keys would outlive its own revocation. */
function refuseApiKey(principal: Principal): void {
  if (principal.via === 'api_key')
    throw new ApiError(
      403,
      'needs_session',
      MESSAGES.noPermission,
      'API keys are managed from a signed-in session.',
    );
}

export const apiKeyRoutes = [
  defineRoute({
    method: 'get',
    path: '/api-keys',
    tag: 'Access',
    summary: "The signed-in person's API keys (never the keys themselves)",
    auth: 'user',
    response: z.array(apiKeySchema),
    async handler({ services, principal }) {
      refuseApiKey(principal);
      const rows = await services.db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', principal.user.id)
        .orderBy('created_at')
        .execute();
      return rows.map(keyView);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api-keys',
    tag: 'Access',
    summary:
      'Create a named API key; the key is in this answer only. Send it as `Authorization: Bearer <key>`.',
    auth: 'user',
    body: createApiKeySchema,
    response: createdApiKeySchema,
    status: 201,
    async handler({ services, principal, body, ip }) {
      refuseApiKey(principal);
      const key = `${KEY_PREFIX}${newToken()}`;
      const row = await services.db
        .insertInto('api_keys')
        .values({
          user_id: principal.user.id,
          name: body.name,
          key_hash: tokenHash(key),
          prefix: key.slice(0, KEY_PREFIX.length + 6),
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict('api_key_exists', MESSAGES.apiKeyExists, 'name');
      await audit(services.db, {
        actorId: principal.user.id,
        event: 'api_key_created',
        target: body.name,
        ip,
      });
      return { ...keyView(row), key };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api-keys/{id}',
    tag: 'Access',
    summary: 'Revoke an API key',
    auth: 'user',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params, ip }) {
      refuseApiKey(principal);
      const row = await services.db
        .deleteFrom('api_keys')
        .where('id', '=', params.id)
        .where('user_id', '=', principal.user.id)
        .returning('name')
        .executeTakeFirst();
      if (!row) throw notFound('API key');
      await audit(services.db, {
        actorId: principal.user.id,
        event: 'api_key_revoked',
        target: row.name,
        ip,
      });
      return { ok: true as const };
    },
  }),
];
