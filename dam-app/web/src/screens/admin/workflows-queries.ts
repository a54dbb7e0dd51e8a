import { useQuery } from '@tanstack/react-query';
import {
  listWorkflowFolders,
  listWorkflows,
  systemWorkflows,
  workflowRuns,
} from '../../../../api/contract/workflows-endpoints.ts';
import type { WorkflowFolder } from '../../../../api/workflows.ts';
import { api } from '../../api/api-client.ts';

export const WORKFLOW_KEYS = {
  workflows: ['admin', 'workflows'],
  runs: (id: number) => ['admin', 'workflows', id, 'runs'],
  folders: ['admin', 'workflow-folders'],
  system: ['admin', 'workflows', 'system'],
} as const;

export const useWorkflows = () =>
  useQuery({
    queryKey: WORKFLOW_KEYS.workflows,
    queryFn: ({ signal }) => api.call(listWorkflows, { signal }),
  });

/** A workflow's latest runs; while one is still scheduled, looked at again every 2 s. */
export const useWorkflowRuns = (id: number) =>
  useQuery({
    queryKey: WORKFLOW_KEYS.runs(id),
    queryFn: ({ signal }) => api.call(workflowRuns, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'scheduled') ? 2000 : false),
  });

export const useWorkflowFolders = () =>
  useQuery({
    queryKey: WORKFLOW_KEYS.folders,
    queryFn: ({ signal }) => api.call(listWorkflowFolders, { signal }),
  });

export const useSystemWorkflows = () =>
  useQuery({
    queryKey: WORKFLOW_KEYS.system,
    queryFn: ({ signal }) => api.call(systemWorkflows, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Each folder of the workflow tree with its path from the top ("Ops / Nightly"), sorted by it. */
export function folderPaths(folders: WorkflowFolder[]) {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: WorkflowFolder, seen = new Set<number>()): string => {
    const parent = folder.parentId === null ? undefined : byId.get(folder.parentId);
    if (!parent || seen.has(parent.id)) return folder.name;
    seen.add(folder.id);
    return `${pathOf(parent, seen)} / ${folder.name}`;
  };
  return folders
    .map((folder) => ({ id: folder.id, path: pathOf(folder) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
