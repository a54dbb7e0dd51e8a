import { z } from 'zod';
import { permissionSchema, profileSchema, usernameSchema, userSchema } from './accounts.ts';
import { dbId, dbIdParam, dbString, storablePath } from './db-safe.ts';
import { MESSAGES } from './messages.ts';
import { auditFilterFields, periodBackwards, periodInOrder } from './statistics.ts';

export const idListSchema = z.array(dbId()).max(10_000);

export const adminUserSchema = userSchema
  .extend({ groupIds: z.array(z.number()), aclIds: z.array(z.number()) })
  .meta({ id: 'AdminUser' });

export const createUserSchema = z.strictObject({
  username: usernameSchema,
  password: z.string().max(1024),
  isAdmin: z.boolean().default(false),
  profile: profileSchema,
  groupIds: idListSchema.default([]),
  aclIds: idListSchema.default([]),
});

export const updateUserSchema = z.strictObject({
  isAdmin: z.boolean().optional(),
  status: z.enum(['active', 'disabled']).optional(),
  profile: profileSchema.partial().optional(),
  groupIds: idListSchema.optional(),
  aclIds: idListSchema.optional(),
  password: z.string().max(1024).optional(),
});

export const deleteUsersSchema = z.strictObject({ ids: idListSchema.min(1) });

export const groupSchema = z
  .object({ id: z.number(), name: z.string(), description: z.string(), memberIds: z.array(z.number()) })
  .meta({ id: 'Group' });
export const saveGroupSchema = z.strictObject({
  name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
  description: dbString().trim().max(1000).default(''),
  memberIds: idListSchema.default([]),
});

/** A root path relative to the storage root: no `..`, no leading slash, no NUL. */
export const rootPathSchema = storablePath()
  .trim()
  .max(1024)
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .refine(
    (value) => !value.split('/').some((part) => part === '..' || part === '.') && !value.includes('\0'),
    {
      message: 'The root path must stay inside the storage root.',
    },
  );

export const aclSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    rootPath: z.string(),
    /** R-ACL-RELATIVE-PATH: the relative path permission (the root of transfer paths); null: not held, no accelerated transfer. */
    relativePath: z.string().nullable(),
    permissions: z.array(permissionSchema),
    userIds: z.array(z.number()),
    groupIds: z.array(z.number()),
  })
  .meta({ id: 'Acl' });
export const saveAclSchema = z.strictObject({
  name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
  rootPath: rootPathSchema,
  /** R-ACL-RELATIVE-PATH: the root or a folder under it; null withdraws the permission; absent keeps it (new: the root). */
  relativePath: rootPathSchema.nullable().optional(),
  permissions: z.array(permissionSchema).max(20),
  userIds: idListSchema.default([]),
  groupIds: idListSchema.default([]),
});

export const createInvitationSchema = z.strictObject({
  email: profileSchema.shape.email,
  defaultGroupId: dbId().nullable().default(null),
});
export const adminInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    defaultGroupId: z.number().nullable(),
    link: z.string(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    state: z.enum(['open', 'accepted', 'deleted', 'expired']),
  })
  .meta({ id: 'AdminInvitation' });

export const auditEntrySchema = z
  .object({
    id: z.number(),
    at: z.iso.datetime(),
    actorId: z.number().nullable(),
    actor: z.string().nullable(),
    event: z.string(),
    target: z.string().nullable(),
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export const auditQuerySchema = auditFilterFields
  .extend({
    before: dbIdParam().optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine(periodInOrder, periodBackwards);

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  at: z.iso.datetime(),
  text: z.string(),
});
