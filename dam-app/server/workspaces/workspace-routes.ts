import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  myWorkspace,
  saveMyComponents,
  updateWorkspace,
  workspaceLogo,
} from '../../api/contract/workspaces-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as workspaces from './workspace-service.ts';

export const workspaceRoutes = [
  bindEndpoint(listWorkspaces, ({ services }) => workspaces.listWorkspaces(services)),
  bindEndpoint(createWorkspace, ({ services, principal, body, ip }) =>
    workspaces.createWorkspace(services, principal, body, ip),
  ),
  bindEndpoint(updateWorkspace, ({ services, principal, params, body, ip }) =>
    workspaces.updateWorkspace(services, principal, params.id, body, ip),
  ),
  bindAction(deleteWorkspace, ({ services, principal, params, ip }) =>
    workspaces.deleteWorkspace(services, principal, params.id, ip),
  ),
  bindEndpoint(myWorkspace, ({ services, principal }) => workspaces.myWorkspace(services, principal)),
  bindEndpoint(saveMyComponents, ({ services, principal, body, ip }) =>
    workspaces.saveMyComponents(services, principal, body, ip),
  ),
  bindEndpoint(workspaceLogo, ({ services, params }) => workspaces.workspaceLogo(services, params.id)),
];
