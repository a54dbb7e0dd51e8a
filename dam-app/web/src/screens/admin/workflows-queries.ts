import { useQuery } from '@tanstack/react-query';
import { listWorkflows, workflowRuns } from '../../../../api/contract/workflows-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const WORKFLOW_KEYS = {
  workflows: ['admin', 'workflows'],
  runs: (id: number) => ['admin', 'workflows', id, 'runs'],
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
