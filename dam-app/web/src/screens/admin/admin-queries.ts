import { useQuery } from '@tanstack/react-query';
import { listAcls, listGroups, listUsers } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const ADMIN_KEYS = {
  users: ['admin', 'users'],
  groups: ['admin', 'groups'],
  acls: ['admin', 'acls'],
  invitations: ['admin', 'invitations'],
  audit: ['admin', 'audit'],
  outbox: ['admin', 'outbox'],
} as const;

export const useAdminUsers = () =>
  useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: ({ signal }) => api.call(listUsers, { signal }),
  });
export const useAdminGroups = () =>
  useQuery({
    queryKey: ADMIN_KEYS.groups,
    queryFn: ({ signal }) => api.call(listGroups, { signal }),
  });
export const useAdminAcls = () =>
  useQuery({
    queryKey: ADMIN_KEYS.acls,
    queryFn: ({ signal }) => api.call(listAcls, { signal }),
  });
