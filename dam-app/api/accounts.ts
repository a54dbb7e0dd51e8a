import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { emailProblem } from './email-rule.ts';
import { MESSAGES } from './messages.ts';

const text = (max = 200) => dbString().trim().max(max);
const optionalText = (max = 200) => text(max).optional();

export const emailSchema = dbString()
  .trim()
  .min(1, MESSAGES.requiredEmpty)
  .max(254, MESSAGES.emailInvalid)
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const usernameSchema = dbString()
  .trim()
  .min(1, MESSAGES.usernameBlank)
  .max(32, MESSAGES.maxChars32)
  .regex(/^[\p{L}\p{Nd}._@-]+$/u, 'A username may contain letters, digits and . _ @ - only.');

/** The user fields of R-USER-FIELDS that a person edits (the password has its own screens). */
export const profileSchema = z.strictObject({
  email: emailSchema,
  firstName: optionalText(100),
  mi: optionalText(5),
  lastName: optionalText(100),
  company: optionalText(),
  position: optionalText(),
  address1: optionalText(),
  address2: optionalText(),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: optionalText(100),
  phone: text(40)
    .regex(/^[0-9+()\-. ]*$/, MESSAGES.phoneCharacters)
    .optional(),
  ext: text(10)
    .regex(/^[0-9]*$/, MESSAGES.phoneCharacters)
    .optional(),
  dept: optionalText(),
  icon: optionalText(500),
});
export type Profile = z.infer<typeof profileSchema>;
/** The names of the user fields of R-USER-FIELDS a person edits, for forms that hold each one. */
export const PROFILE_FIELDS = profileSchema.keyof().options;

export const permissionNames = [
  'facet browsing',
  'trigger workflow',
  'file actions',
  'new assets',
  'publish rendition license',
  'view global keywords',
  'modifying collections',
  'fileUpload',
  'quickDownload',
  'downloadHiRes',
  // External shares (R-SHARE): send assets to people outside the DAM.
  'externalShare',
  // External portals (R-PORTAL-PUBLISH): publish collections and folders on a public portal.
  'externalPortal',
  // R-WORKSPACE-COMPONENTS-PERMISSION: choose the components of one's own workspace (an administrator always may).
  'workspaceComponents',
] as const;
export const permissionSchema = z.enum(permissionNames);
export type Permission = z.infer<typeof permissionSchema>;

export const aclSummarySchema = z.object({ id: z.number(), name: z.string(), rootPath: z.string() });

export const userSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    isAdmin: z.boolean(),
    special: z.enum(['root', 'nologin', 'guest']).nullable(),
    status: z.enum(['active', 'pending', 'disabled']),
    profile: profileSchema.partial({ email: true }).extend({ email: z.string().optional() }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type UserView = z.infer<typeof userSchema>;

/** What the app needs to draw itself for the signed-in person. */
export const sessionSchema = z
  .object({
    user: userSchema,
    adminMode: z.boolean(),
    acl: aclSummarySchema.extend({ permissions: z.array(permissionSchema) }).nullable(),
    /** The current ACL's root relative to the storage root: the root of every transfer path (R-ACL-RELATIVE-PATH). */
    relativePath: z.string().nullable(),
    /** The current ACL's root folder does not exist: offer another ACL or logging out (R-ACL-ROOT-MISSING). */
    aclRootMissing: z.boolean(),
    acls: z.array(aclSummarySchema),
    /** What the person may do now: the current ACL's permissions, or every permission in admin mode (R-ADMIN-MODE). */
    permissions: z.array(permissionSchema),
    /** Send it as `X-CSRF-Token` on state-changing requests when the browser sends no Origin. */
    csrfToken: z.string(),
    features: z.object({ allowUpload: z.boolean(), allowDownload: z.boolean() }),
  })
  .meta({ id: 'Session' });
export type SessionView = z.infer<typeof sessionSchema>;

/** Who is signed in, asked by a page as it loads: nobody is an answer (200), not an error that a console shows. */
export const sessionStateSchema = z
  .object({
    session: sessionSchema.nullable(),
    /** The browser's session cookie had timed out (R-SESSION-TIMEOUT "Session timed out"). */
    timedOut: z.boolean(),
  })
  .meta({ id: 'SessionState' });

export const loginSchema = z
  .strictObject({
    username: dbString().trim().max(254).optional(),
    email: dbString().trim().max(254).optional(),
    password: z.string().max(1024),
  })
  .superRefine((value, context) => {
    if (!value.username && !value.email)
      context.addIssue({ code: 'custom', path: ['username'], message: MESSAGES.usernameOrEmail });
    if (value.password === '')
      context.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordEmpty });
  });

const newPasswordFields = {
  password: z.string().max(1024),
  confirm: z.string().max(1024),
};
const passwordsMatch = (value: { password: string; confirm: string }, context: z.RefinementCtx) => {
  if (value.password !== '' && value.password !== value.confirm)
    context.addIssue({ code: 'custom', path: ['confirm'], message: MESSAGES.passwordsDoNotMatch });
};

export const forgotPasswordSchema = z
  .strictObject({
    username: dbString().trim().max(254).optional(),
    email: dbString().trim().max(254).optional(),
  })
  .superRefine((value, context) => {
    if (!value.username && !value.email)
      context.addIssue({ code: 'custom', path: ['username'], message: MESSAGES.usernameOrEmail });
  });

export const resetPasswordSchema = z
  .strictObject({ token: dbString().min(1, MESSAGES.tokenInvalid).max(200), ...newPasswordFields })
  .superRefine(passwordsMatch);

export const changePasswordSchema = z
  .strictObject({ oldPassword: z.string().max(1024), ...newPasswordFields })
  .superRefine((value, context) => {
    if (value.oldPassword === '')
      context.addIssue({ code: 'custom', path: ['oldPassword'], message: MESSAGES.oldPasswordRequired });
    else if (value.oldPassword === value.password)
      context.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.oldAndNewSame });
    passwordsMatch(value, context);
  });

export const createAccountSchema = z
  .strictObject({ username: usernameSchema, profile: profileSchema, ...newPasswordFields })
  .superRefine(passwordsMatch);

export const activateSchema = z.strictObject({
  username: usernameSchema,
  code: dbString().trim().min(1, MESSAGES.activationCodeEmpty).max(64),
});

export const invitationViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    groupName: z.string().nullable(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'Invitation' });

export const acceptInvitationSchema = z
  .strictObject({
    username: usernameSchema,
    profile: profileSchema.extend({
      firstName: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
      lastName: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
    }),
    ...newPasswordFields,
  })
  .superRefine(passwordsMatch);

export const apiKeySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export const createApiKeySchema = z.strictObject({
  name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
});
export const createdApiKeySchema = apiKeySchema.extend({
  /** The whole key, shown this once: the server keeps only its hash. */
  key: z.string(),
});

export const switchAclSchema = z.strictObject({ aclId: dbId() });
export const adminModeSchema = z.strictObject({ enabled: z.boolean() });
export const okSchema = z.object({ ok: z.literal(true) });

/** A reset signs the account out everywhere: the answer says how many sessions and API keys it ended. */
export const passwordResetResultSchema = z.object({
  ok: z.literal(true),
  sessionsEnded: z.number().int().min(0),
  apiKeysRevoked: z.number().int().min(0),
});
