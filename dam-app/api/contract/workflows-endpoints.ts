import { z } from 'zod';
import { saveWorkflowSchema, testRunSchema, workflowRunSchema, workflowSchema } from '../workflows.ts';
import { endpointGroup } from './endpoint-group.ts';
import { namedSet } from './named-set.ts';

const admin = endpointGroup('Workflows', 'admin');
const workflows = namedSet({
  group: admin,
  path: '/admin/workflows',
  item: workflowSchema,
  save: saveWorkflowSchema,
  exists: 'workflow_exists',
});
const folderMissing = { 404: ['folder_not_found'] };

export const listWorkflows = workflows.list(
  'The workflows: each a trigger, the folder it watches, a script and its limits, enabled or disabled',
);
export const createWorkflow = workflows.create('Create a workflow', folderMissing);
export const updateWorkflow = workflows.update(
  'Change a workflow (its script, trigger, folder, limits; enable or disable it)',
  folderMissing,
);
export const deleteWorkflow = workflows.remove('Delete a workflow and its run history');
export const workflowRuns = workflows.one.get('/runs', {
  summary: 'The workflow’s latest runs (newest first), with the changes each made or asked for and its log',
  response: z.array(workflowRunSchema),
});
export const testWorkflow = workflows.one.post('/test-run', {
  summary:
    'Dry run: the workflow’s script on a chosen asset; answers the changes it would make and its log, and changes nothing',
  body: testRunSchema,
  response: workflowRunSchema,
});
