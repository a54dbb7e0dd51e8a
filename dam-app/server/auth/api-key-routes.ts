import { createApiKey, listApiKeys, revokeApiKey } from '../../api/contract/access-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as apiKeys from './api-key-service.ts';

export const apiKeyRoutes = [
  bindEndpoint(listApiKeys, ({ services, principal }) => apiKeys.listApiKeys(services, principal)),
  bindEndpoint(createApiKey, ({ services, principal, body, ip }) =>
    apiKeys.createApiKey(services, principal, body.name, ip),
  ),
  bindEndpoint(revokeApiKey, async ({ services, principal, params, ip }) => {
    await apiKeys.revokeApiKey(services, principal, params.id, ip);
    return { ok: true as const };
  }),
];
