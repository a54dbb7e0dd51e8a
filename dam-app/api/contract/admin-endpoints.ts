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
  outboxMessageSchema,
  saveAclSchema,
  saveGroupSchema,
  updateUserSchema,
} from '../admin.ts';
import { auditFilterSchema } from '../statistics.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, notFound, weakPassword } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Administration', 'admin');
const licenseFull = { 403: ['license_full'] };

export const listUsers = admin.get('/admin/users', {
  summary: 'Every user with their groups and ACLs',
  response: z.array(adminUserSchema),
});
const user = admin.item('/admin/users/{id}', idParams);
export const getUser = user.get('', { summary: 'One user', response: adminUserSchema });
export const createUser = admin.post('/admin/users', {
  summary: 'Create an active user',
  body: createUserSchema,
  response: adminUserSchema,
  status: 201,
  errors: errors(weakPassword, licenseFull, notFound, { 409: ['username_exists'] }),
});
export const updateUser = user.put('', {
  summary: "Change a user's profile, role, status, groups, ACLs or password",
  body: updateUserSchema,
  response: adminUserSchema,
  errors: errors(weakPassword, licenseFull, { 409: ['own_account'] }),
});
export const deleteUsers = admin.post('/admin/users/delete', {
  summary: 'Delete a selection of users (never root, nologin or guest, nor yourself)',
  body: deleteUsersSchema,
  response: okSchema.extend({ deleted: z.number() }),
  errors: errors(notFound, { 409: ['special_users', 'own_account'] }),
});

const groups = namedSet({
  group: admin,
  path: '/admin/groups',
  item: groupSchema,
  save: saveGroupSchema,
  exists: 'group_exists',
});
export const listGroups = groups.list('Every group with its members');
// A create names its members, who may not exist.
export const createGroup = groups.create('Create a group', notFound);
export const updateGroup = groups.update("Change a group's name, description and members");
export const deleteGroup = groups.remove(
  'Delete a group (its members stay; ACLs granted through it are no longer held)',
);

const acls = namedSet({
  group: admin,
  path: '/admin/acls',
  item: aclSchema,
  save: saveAclSchema,
  exists: 'acl_exists',
});
const invalidRoot = { 400: ['invalid_input'] };
export const listAcls = acls.list('Every ACL: root path, permissions and who holds it');
export const createAcl = acls.create(
  'Create an ACL; its root folder is created in storage if missing',
  errors(invalidRoot, notFound),
);
export const updateAcl = acls.update("Change an ACL's name, root path, permissions and holders", invalidRoot);
export const deleteAcl = acls.remove('Delete an ACL (its folder and files stay in storage)');

export const listAuditLog = admin.get('/admin/audit', {
  summary:
    'The audit log, newest first (page with `before`, the last id seen), filtered by event, user and days',
  query: auditQuerySchema,
  response: z.array(auditEntrySchema),
});
export const exportAuditLog = admin.get('/admin/audit/export', {
  summary: 'The audit log as CSV (R-LOG-REPORTS): every entry the filter matches, newest first',
  query: auditFilterSchema,
  response: z.string(),
  produces: 'text/csv; charset=utf-8',
});
export const listOutbox = admin.get('/admin/outbox', {
  summary: 'Mails written to the offline outbox (when no SMTP server is configured)',
  response: z.array(outboxMessageSchema),
});
