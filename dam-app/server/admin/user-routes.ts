import {
  createUser,
  deleteUsers,
  getUser,
  listUsers,
  updateUser,
} from '../../api/contract/admin-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as users from './user-service.ts';

export const adminUserRoutes = [
  bindEndpoint(listUsers, ({ services }) => users.listUsers(services)),
  bindEndpoint(getUser, ({ services, params }) => users.getUser(services, params.id)),
  bindEndpoint(createUser, ({ services, principal, body, ip }) =>
    users.createUser(services, principal, body, ip),
  ),
  bindEndpoint(updateUser, ({ services, principal, params, body, ip }) =>
    users.updateUser(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteUsers, async ({ services, principal, body, ip }) => ({
    ok: true as const,
    deleted: await users.deleteUsers(services, principal, body.ids, ip),
  })),
];
