import type { Selectable } from 'kysely';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { ApiKeysTable } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { apiKeysOf, deleteApiKey, insertApiKey } from './api-key-queries.ts';
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

export async function listApiKeys(services: DamServices, principal: Principal) {
  refuseApiKey(principal);
  return (await apiKeysOf(services.db, principal.user.id)).map(keyView);
}

/** A new named key; the key itself is in this answer only, the database keeps its hash. */
export async function createApiKey(services: DamServices, principal: Principal, name: string, ip: string) {
  refuseApiKey(principal);
  const key = `${KEY_PREFIX}${newToken()}`;
  const row = await insertApiKey(services.db, {
    user_id: principal.user.id,
    name,
    key_hash: tokenHash(key),
    prefix: key.slice(0, KEY_PREFIX.length + 6),
  });
  if (!row) throw conflict('api_key_exists', MESSAGES.apiKeyExists, 'name');
  await audit(services.db, { actorId: principal.user.id, event: 'api_key_created', target: name, ip });
  return { ...keyView(row), key };
}

export async function revokeApiKey(services: DamServices, principal: Principal, id: number, ip: string) {
  refuseApiKey(principal);
  const name = await deleteApiKey(services.db, principal.user.id, id);
  if (name === undefined) throw notFound('API key');
  await audit(services.db, { actorId: principal.user.id, event: 'api_key_revoked', target: name, ip });
}
