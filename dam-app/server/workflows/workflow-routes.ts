import {
  createWorkflow,
  createWorkflowFolder,
  deleteWorkflow,
  deleteWorkflowFolder,
  listManualWorkflows,
  listWorkflowFolders,
  listWorkflows,
  replayWorkflowRun,
  systemWorkflows,
  testWorkflow,
  triggerWorkflow,
  updateWorkflow,
  updateWorkflowFolder,
  workflowRuns,
} from '../../api/contract/workflows-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { SYSTEM_WORKFLOWS } from './system-workflows.ts';
import * as folders from './workflow-folder-service.ts';
import * as workflows from './workflow-service.ts';
import * as triggers from './workflow-trigger-service.ts';

export const workflowRoutes = [
  // Before `/admin/workflows/{id}`, which would read "system" as an id.
  bindEndpoint(systemWorkflows, async () => SYSTEM_WORKFLOWS),
  bindEndpoint(listWorkflows, ({ services }) => workflows.listWorkflows(services)),
  bindEndpoint(createWorkflow, ({ services, principal, body, ip }) =>
    workflows.createWorkflow(services, principal, body, ip),
  ),
  bindEndpoint(updateWorkflow, ({ services, principal, params, body, ip }) =>
    workflows.updateWorkflow(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteWorkflow, async ({ services, principal, params, ip }) => {
    await workflows.deleteWorkflow(services, principal, params.id, ip);
    return { ok: true as const };
  }),
  bindEndpoint(workflowRuns, ({ services, params }) => workflows.workflowRuns(services, params.id)),
  bindEndpoint(testWorkflow, ({ services, params, body }) =>
    workflows.testRun(services, params.id, body.assetId, body.parameters),
  ),
  bindEndpoint(replayWorkflowRun, ({ services, params }) => triggers.replayRun(services, params.id)),
  bindEndpoint(listWorkflowFolders, ({ services }) => folders.listWorkflowFolders(services)),
  bindEndpoint(createWorkflowFolder, ({ services, body }) => folders.createWorkflowFolder(services, body)),
  bindEndpoint(updateWorkflowFolder, ({ services, params, body }) =>
    folders.updateWorkflowFolder(services, params.id, body),
  ),
  bindEndpoint(deleteWorkflowFolder, async ({ services, params }) => {
    await folders.deleteWorkflowFolder(services, params.id);
    return { ok: true as const };
  }),
  bindEndpoint(listManualWorkflows, ({ services, principal }) =>
    triggers.manualWorkflows(services, principal),
  ),
  bindEndpoint(triggerWorkflow, ({ services, principal, params, body }) =>
    triggers.triggerWorkflow(services, principal, params.id, body),
  ),
];
