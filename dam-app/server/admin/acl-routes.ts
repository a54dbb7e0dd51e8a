import { createAcl, deleteAcl, listAcls, updateAcl } from '../../api/contract/admin-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
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
  bindAction(deleteAcl, ({ services, principal, params, ip }) =>
    acls.deleteAcl(services, principal, params.id, ip),
  ),
];
