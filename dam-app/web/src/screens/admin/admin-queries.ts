import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { aclSchema, adminUserSchema, groupSchema } from '../../../../api/admin.ts';
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
    queryFn: ({ signal }) => api.get('/admin/users', z.array(adminUserSchema), signal),
  });
export const useAdminGroups = () =>
  useQuery({
    queryKey: ADMIN_KEYS.groups,
    queryFn: ({ signal }) => api.get('/admin/groups', z.array(groupSchema), signal),
  });
export const useAdminAcls = () =>
  useQuery({
    queryKey: ADMIN_KEYS.acls,
    queryFn: ({ signal }) => api.get('/admin/acls', z.array(aclSchema), signal),
  });
