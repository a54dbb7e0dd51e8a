import { z } from 'zod';
import {
  manualWorkflowSchema,
  saveWorkflowFolderSchema,
  saveWorkflowSchema,
  systemWorkflowSchema,
  testRunSchema,
  triggeredSchema,
  triggerWorkflowSchema,
  workflowFolderSchema,
  workflowRunSchema,
  workflowSchema,
} from '../workflows.ts';
import { endpointGroup } from './endpoint-group.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Workflows', 'admin');
const workflows = namedSet({
  group: admin,
  path: '/admin/workflows',
  item: workflowSchema,
  save: saveWorkflowSchema,
  exists: 'workflow_exists',
});
const folderMissing = { 404: ['folder_not_found', 'workflow_folder_not_found', 'acl_not_found'] };

export const listWorkflows = workflows.list(
  'The workflows: each a trigger, the folder it watches, a script and its limits, enabled or disabled',
);
export const createWorkflow = workflows.create('Create a workflow', folderMissing);
export const updateWorkflow = workflows.update(
  'Change a workflow (its script, trigger, folder, limits; enable or disable it)',
  folderMissing,
);
export const deleteWorkflow = workflows.remove('Delete a workflow and its run history', {
  409: ['workflow_in_use'],
});
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

// R-WORKFLOW-MODEL, R-WORKFLOW-MANUAL, R-WORKFLOW-DEBUGGER, R-WORKFLOW-SYSTEM (s39).
const folders = namedSet({
  group: admin,
  path: '/admin/workflow-folders',
  item: workflowFolderSchema,
  save: saveWorkflowFolderSchema,
  exists: 'workflow_folder_exists',
});
const folderErrors = { 404: ['workflow_folder_not_found'] };
export const listWorkflowFolders = folders.list('The folders of the workflow tree, each with its parent');
export const createWorkflowFolder = folders.create('Create a folder of the workflow tree', folderErrors);
export const updateWorkflowFolder = folders.update(
  'Rename a folder of the workflow tree or move it under another (never under itself)',
  folderErrors,
);
export const deleteWorkflowFolder = folders.remove('Delete an empty folder of the workflow tree', {
  409: ['workflow_folder_not_empty'],
});
export const replayWorkflowRun = admin.item('/admin/workflow-runs/{id}', idParams).post('/replay', {
  summary: 'Replay a run that ended in error: a new run on the same asset with the same parameters',
  response: workflowRunSchema,
  errors: { 409: ['run_not_failed'] },
});
export const systemWorkflows = admin.get('/admin/workflows/system', {
  summary: 'The system workflows (pre-transfer handler, loading dock download, utils), read-only',
  response: z.array(systemWorkflowSchema),
});
const people = endpointGroup('Workflows', 'user');
export const listManualWorkflows = people.get('/workflows/manual', {
  summary:
    'The workflows the caller may start by hand (their ACL’s "trigger workflow" permission names them)',
  response: z.array(manualWorkflowSchema),
});
export const triggerWorkflow = people.item('/workflows/{id}', idParams).post('/trigger', {
  summary: 'Start a manual workflow on chosen assets (one run each), optionally setting its parameters',
  body: triggerWorkflowSchema,
  response: triggeredSchema,
  errors: { 403: ['forbidden'], 409: ['workflow_not_manual'] },
});
