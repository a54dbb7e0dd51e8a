import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { completeTask, listTasks } from '../../../../api/contract/notifications-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { TASKS_KEY } from '../../api/query-keys.ts';

export function useMyTasks() {
  return useQuery({
    queryKey: TASKS_KEY,
    queryFn: ({ signal }) => api.call(listTasks, { query: {}, signal }),
  });
}

export function useCompleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(completeTask, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
