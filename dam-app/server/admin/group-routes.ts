import { createGroup, deleteGroup, listGroups, updateGroup } from '../../api/contract/admin-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as groups from './group-service.ts';

export const adminGroupRoutes = [
  bindEndpoint(listGroups, ({ services }) => groups.listGroups(services)),
  bindEndpoint(createGroup, ({ services, principal, body, ip }) =>
    groups.createGroup(services, principal, body, ip),
  ),
  bindEndpoint(updateGroup, ({ services, principal, params, body, ip }) =>
    groups.updateGroup(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteGroup, async ({ services, principal, params, ip }) => {
    await groups.deleteGroup(services, principal, params.id, ip);
    return { ok: true as const };
  }),
];
