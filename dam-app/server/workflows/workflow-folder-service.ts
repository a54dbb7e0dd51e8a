import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { WorkflowFolder } from '../../api/workflows.ts';
import { ApiError, conflict } from '../api/api-error.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import * as queries from './workflow-queries.ts';

const folderNotFound = () =>
  new ApiError(404, 'workflow_folder_not_found', WORKFLOW_MESSAGES.workflowFolderNotFound);
const nameTaken = () => conflict('workflow_folder_exists', WORKFLOW_MESSAGES.workflowFolderExists, 'name');

/** The workflow tree's folders (R-WORKFLOW-MODEL), each with its parent (null at the top). */
export const listWorkflowFolders = async (services: DamServices): Promise<WorkflowFolder[]> =>
  (await queries.workflowFolderRows(services.db)).map((row) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
  }));

async function checkParent(services: DamServices, parentId: number | null, self?: number) {
  if (parentId === null) return;
  const ancestry = await queries.folderAncestry(services.db, parentId);
  if (ancestry.length === 0) throw folderNotFound();
  if (self !== undefined && ancestry.includes(self))
    throw new ApiError(400, 'invalid_input', WORKFLOW_MESSAGES.workflowFolderCycle);
}

export async function createWorkflowFolder(
  services: DamServices,
  body: { name: string; parentId: number | null },
) {
  await checkParent(services, body.parentId);
  const id = await queries.insertWorkflowFolder(services.db, body.name, body.parentId);
  if (id === undefined) throw nameTaken();
  return { id, ...body };
}

/** Renames or moves a folder; never under itself. */
export async function updateWorkflowFolder(
  services: DamServices,
  id: number,
  body: { name: string; parentId: number | null },
) {
  await checkParent(services, body.parentId, id);
  const updated = await queries
    .updateWorkflowFolder(services.db, id, body.name, body.parentId)
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  if (updated === undefined) throw folderNotFound();
  return { id, ...body };
}

/** Deletes an empty folder; one that still holds workflows or folders stays (their rows restrict it). */
export async function deleteWorkflowFolder(services: DamServices, id: number) {
  const notEmpty = () => conflict('workflow_folder_not_empty', WORKFLOW_MESSAGES.workflowFolderNotEmpty);
  const deleted = await services.db.transaction().execute(async (trx) => {
    if (await queries.workflowFolderHolds(trx, id)) throw notEmpty();
    return queries.deleteWorkflowFolderRow(trx, id);
  });
  if (deleted === 0) throw folderNotFound();
}
