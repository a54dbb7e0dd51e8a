import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  aclSchema,
  adminUserSchema,
  auditEntrySchema,
  auditQuerySchema,
  createUserSchema,
  deleteUsersSchema,
  groupSchema,
  idParamSchema,
  outboxMessageSchema,
  saveAclSchema,
  saveGroupSchema,
  updateUserSchema,
} from '../admin.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Administration';

export const listUsers = defineEndpoint({
  method: 'get',
  path: '/admin/users',
  tag,
  summary: 'Every user with their groups and ACLs',
  auth: 'admin',
  response: z.array(adminUserSchema),
});
export const getUser = defineEndpoint({
  method: 'get',
  path: '/admin/users/{id}',
  tag,
  summary: 'One user',
  auth: 'admin',
  params: idParamSchema,
  response: adminUserSchema,
  errors: { 404: ['not_found'] },
});
export const createUser = defineEndpoint({
  method: 'post',
  path: '/admin/users',
  tag,
  summary: 'Create an active user',
  auth: 'admin',
  body: createUserSchema,
  response: adminUserSchema,
  status: 201,
  errors: {
    400: ['weak_password'],
    403: ['license_full'],
    404: ['not_found'],
    409: ['username_exists'],
  },
});
export const updateUser = defineEndpoint({
  method: 'put',
  path: '/admin/users/{id}',
  tag,
  summary: "Change a user's profile, role, status, groups, ACLs or password",
  auth: 'admin',
  params: idParamSchema,
  body: updateUserSchema,
  response: adminUserSchema,
  errors: { 400: ['weak_password'], 403: ['license_full'], 404: ['not_found'], 409: ['own_account'] },
});
export const deleteUsers = defineEndpoint({
  method: 'post',
  path: '/admin/users/delete',
  tag,
  summary: 'Delete a selection of users (never root, nologin or guest, nor yourself)',
  auth: 'admin',
  body: deleteUsersSchema,
  response: okSchema.extend({ deleted: z.number() }),
  errors: { 404: ['not_found'], 409: ['special_users', 'own_account'] },
});

export const listGroups = defineEndpoint({
  method: 'get',
  path: '/admin/groups',
  tag,
  summary: 'Every group with its members',
  auth: 'admin',
  response: z.array(groupSchema),
});
export const createGroup = defineEndpoint({
  method: 'post',
  path: '/admin/groups',
  tag,
  summary: 'Create a group',
  auth: 'admin',
  body: saveGroupSchema,
  response: groupSchema,
  status: 201,
  errors: { 404: ['not_found'], 409: ['group_exists'] },
});
export const updateGroup = defineEndpoint({
  method: 'put',
  path: '/admin/groups/{id}',
  tag,
  summary: "Change a group's name, description and members",
  auth: 'admin',
  params: idParamSchema,
  body: saveGroupSchema,
  response: groupSchema,
  errors: { 404: ['not_found'], 409: ['group_exists'] },
});
export const deleteGroup = defineEndpoint({
  method: 'delete',
  path: '/admin/groups/{id}',
  tag,
  summary: 'Delete a group (its members stay; ACLs granted through it are no longer held)',
  auth: 'admin',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});

export const listAcls = defineEndpoint({
  method: 'get',
  path: '/admin/acls',
  tag,
  summary: 'Every ACL: root path, permissions and who holds it',
  auth: 'admin',
  response: z.array(aclSchema),
});
export const createAcl = defineEndpoint({
  method: 'post',
  path: '/admin/acls',
  tag,
  summary: 'Create an ACL; its root folder is created in storage if missing',
  auth: 'admin',
  body: saveAclSchema,
  response: aclSchema,
  status: 201,
  errors: { 400: ['invalid_input'], 404: ['not_found'], 409: ['acl_exists'] },
});
export const updateAcl = defineEndpoint({
  method: 'put',
  path: '/admin/acls/{id}',
  tag,
  summary: "Change an ACL's name, root path, permissions and holders",
  auth: 'admin',
  params: idParamSchema,
  body: saveAclSchema,
  response: aclSchema,
  errors: { 400: ['invalid_input'], 404: ['not_found'], 409: ['acl_exists'] },
});
export const deleteAcl = defineEndpoint({
  method: 'delete',
  path: '/admin/acls/{id}',
  tag,
  summary: 'Delete an ACL (its folder and files stay in storage)',
  auth: 'admin',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});

export const listAuditLog = defineEndpoint({
  method: 'get',
  path: '/admin/audit',
  tag,
  summary: 'The audit log, newest first (page with `before`, the last id seen)',
  auth: 'admin',
  query: auditQuerySchema,
  response: z.array(auditEntrySchema),
});
export const listOutbox = defineEndpoint({
  method: 'get',
  path: '/admin/outbox',
  tag,
  summary: 'Mails written to the offline outbox (when no SMTP server is configured)',
  auth: 'admin',
  response: z.array(outboxMessageSchema),
});
