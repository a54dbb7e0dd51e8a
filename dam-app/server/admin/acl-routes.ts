import { createAcl, deleteAcl, listAcls, updateAcl } from '../../api/contract/admin-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as acls from './acl-service.ts';

export const adminAclRoutes = [
  bindEndpoint(listAcls, ({ services }) => acls.listAcls(services)),
  bindEndpoint(createAcl, ({ services, principal, body, ip }) =>
    acls.createAcl(services, principal, body, ip),
  ),
  bindEndpoint(updateAcl, ({ services, principal, params, body, ip }) =>
    acls.updateAcl(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteAcl, async ({ services, principal, params, ip }) => {
    await acls.deleteAcl(services, principal, params.id, ip);
    return { ok: true as const };
  }),
];
