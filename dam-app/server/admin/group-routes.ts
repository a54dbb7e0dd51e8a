import { createGroup, deleteGroup, listGroups, updateGroup } from '../../api/contract/admin-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
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
  bindAction(deleteGroup, ({ services, principal, params, ip }) =>
    groups.deleteGroup(services, principal, params.id, ip),
  ),
];
