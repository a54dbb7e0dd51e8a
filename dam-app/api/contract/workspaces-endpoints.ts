import { z } from 'zod';
import {
  myWorkspaceSchema,
  saveMyComponentsSchema,
  saveWorkspaceSchema,
  workspaceSchema,
} from '../workspaces.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Workspaces', 'admin');
const workspaces = namedSet({
  group: admin,
  path: '/admin/workspaces',
  item: workspaceSchema,
  save: saveWorkspaceSchema,
  exists: 'workspace_exists',
});

export const listWorkspaces = workspaces.list('The workspaces: name, groups, start folder and theme');
export const createWorkspace = workspaces.create(
  'Create a workspace (R-WORKSPACES); its header colours must reach a 4.5:1 contrast',
  notFound,
);
export const updateWorkspace = workspaces.update(
  'Change a workspace, its groups, start folder and theme',
  // R-CONFIGURATOR-LEASE: another administrator holds the workspace's lease.
  errors(notFound, { 409: ['configuring'] }),
);
export const deleteWorkspace = workspaces.remove('Delete a workspace (its groups go back to the default)');

const user = endpointGroup('Workspaces', 'user');
export const myWorkspace = user.get('/workspace', {
  summary: 'The signed-in person’s workspace (the first made of those their groups see), or null',
  response: myWorkspaceSchema,
});
export const workspaceLogo = user.item('/workspaces/{id}/logo', idParams).get('', {
  summary: 'A workspace’s logo (PNG); `v` (its `logoVersion`) makes each saved logo its own address',
  query: z.object({ v: z.string().max(40).optional() }),
  response: z.string().meta({ format: 'binary' }),
  produces: 'image/png',
});
export const saveMyComponents = user.put('/workspace/components', {
  summary:
    'Choose the components of my workspace (R-WORKSPACE-COMPONENTS-PERMISSION: an administrator, or with the workspaceComponents permission)',
  body: saveMyComponentsSchema,
  response: myWorkspaceSchema,
  // R-CONFIGURATOR-LEASE: another administrator holds the workspace's lease.
  errors: errors(forbidden, notFound, { 409: ['configuring'] }),
});
