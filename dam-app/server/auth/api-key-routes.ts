import { createApiKey, listApiKeys, revokeApiKey } from '../../api/contract/access-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as apiKeys from './api-key-service.ts';

export const apiKeyRoutes = [
  bindEndpoint(listApiKeys, ({ services, principal }) => apiKeys.listApiKeys(services, principal)),
  bindEndpoint(createApiKey, ({ services, principal, body, ip }) =>
    apiKeys.createApiKey(services, principal, body.name, ip),
  ),
  bindAction(revokeApiKey, ({ services, principal, params, ip }) =>
    apiKeys.revokeApiKey(services, principal, params.id, ip),
  ),
];
