import {
  createWorkflow,
  deleteWorkflow,
  listWorkflows,
  testWorkflow,
  updateWorkflow,
  workflowRuns,
} from '../../api/contract/workflows-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as workflows from './workflow-service.ts';

export const workflowRoutes = [
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
    workflows.testRun(services, params.id, body.assetId),
  ),
];
