import { z } from 'zod';
import {
  acceptInvitationSchema,
  activateSchema,
  adminModeSchema,
  apiKeySchema,
  changePasswordSchema,
  createAccountSchema,
  createApiKeySchema,
  createdApiKeySchema,
  forgotPasswordSchema,
  invitationViewSchema,
  loginSchema,
  okSchema,
  passwordResetResultSchema,
  profileSchema,
  resetPasswordSchema,
  sessionSchema,
  sessionStateSchema,
  switchAclSchema,
  userSchema,
} from '../accounts.ts';
import { adminInvitationSchema, createInvitationSchema, idParamSchema } from '../admin.ts';
import { dbString } from '../db-safe.ts';
import { defineEndpoint } from './define-endpoint.ts';

const access = 'Access';
const invitationParamSchema = z.object({ id: dbString().max(64) });

export const logIn = defineEndpoint({
  method: 'post',
  path: '/session',
  tag: access,
  summary: 'Log in with a username or an email, and a password',
  auth: 'public',
  body: loginSchema,
  response: sessionSchema,
  errors: { 429: ['too_many_attempts'] },
});
export const getSession = defineEndpoint({
  method: 'get',
  path: '/session',
  tag: access,
  summary: 'The signed-in person, their ACLs and permissions',
  auth: 'user',
  response: sessionSchema,
});
export const getSessionState = defineEndpoint({
  method: 'get',
  path: '/session/state',
  tag: access,
  summary:
    'The signed-in person, or nobody (and whether a session timed out), always with 200: what a page asks as it loads',
  auth: 'public',
  response: sessionStateSchema,
});
export const logOut = defineEndpoint({
  method: 'delete',
  path: '/session',
  tag: access,
  summary: 'Log out',
  auth: 'public',
  response: okSchema,
});
export const switchAcl = defineEndpoint({
  method: 'put',
  path: '/session/acl',
  tag: access,
  summary: 'Switch to another ACL the person holds',
  auth: 'user',
  body: switchAclSchema,
  response: sessionSchema,
  errors: { 404: ['not_found'], 409: ['acl_root_missing'] },
});
export const setAdminMode = defineEndpoint({
  method: 'put',
  path: '/session/admin-mode',
  tag: access,
  summary: 'Turn admin mode on or off (administrators): it overrides permissions',
  auth: 'admin',
  body: adminModeSchema,
  response: sessionSchema,
  errors: { 400: ['needs_session'] },
});

export const forgotPassword = defineEndpoint({
  method: 'post',
  path: '/password/forgot',
  tag: access,
  summary: 'Mail a password reset link (answers the same whether or not the account exists)',
  auth: 'public',
  body: forgotPasswordSchema,
  response: okSchema,
  status: 202,
});
export const resetPassword = defineEndpoint({
  method: 'post',
  path: '/password/reset',
  tag: access,
  summary: 'Choose a new password with the token from the reset mail',
  auth: 'public',
  body: resetPasswordSchema,
  response: passwordResetResultSchema,
  errors: { 400: ['weak_password', 'link_invalid'] },
});
export const changePassword = defineEndpoint({
  method: 'post',
  path: '/password/change',
  tag: access,
  summary: 'Change the password (other sessions of the account end)',
  auth: 'user',
  body: changePasswordSchema,
  response: okSchema,
  errors: { 400: ['old_password_incorrect', 'weak_password'] },
});

export const createAccount = defineEndpoint({
  method: 'post',
  path: '/accounts',
  tag: access,
  summary: 'Create an account; an activation code is mailed to its address',
  auth: 'public',
  body: createAccountSchema,
  response: z.object({ ok: z.literal(true), username: z.string() }),
  status: 201,
  errors: { 400: ['weak_password'], 403: ['license_full'], 409: ['username_exists'] },
});
export const activateAccount = defineEndpoint({
  method: 'post',
  path: '/accounts/activate',
  tag: access,
  summary: 'Activate a new account with the code from its mail',
  auth: 'public',
  body: activateSchema,
  response: okSchema,
  errors: { 400: ['activation_code_invalid'], 429: ['too_many_attempts'] },
});
export const getAccount = defineEndpoint({
  method: 'get',
  path: '/account',
  tag: access,
  summary: "The signed-in person's account settings",
  auth: 'user',
  response: userSchema,
});
export const updateAccount = defineEndpoint({
  method: 'put',
  path: '/account',
  tag: access,
  summary: 'Change the account settings (every user field of R-USER-FIELDS)',
  auth: 'user',
  body: z.strictObject({ profile: profileSchema }),
  response: userSchema,
});

export const listApiKeys = defineEndpoint({
  method: 'get',
  path: '/api-keys',
  tag: access,
  summary: "The signed-in person's API keys (never the keys themselves)",
  auth: 'user',
  response: z.array(apiKeySchema),
  errors: { 403: ['needs_session'] },
});
export const createApiKey = defineEndpoint({
  method: 'post',
  path: '/api-keys',
  tag: access,
  summary:
    'Create a named API key; the key is in this answer only. Send it as `Authorization: Bearer <key>`.',
  auth: 'user',
  body: createApiKeySchema,
  response: createdApiKeySchema,
  status: 201,
  errors: { 403: ['needs_session'], 409: ['api_key_exists'] },
});
export const revokeApiKey = defineEndpoint({
  method: 'delete',
  path: '/api-keys/{id}',
  tag: access,
  summary: 'Revoke an API key',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 403: ['needs_session'], 404: ['not_found'] },
});

// An invitation no longer open also answers 410, and one that cannot be mailed 502: statuses the contract's error
// list does not hold yet.
export const createInvitation = defineEndpoint({
  method: 'post',
  path: '/admin/invitations',
  tag: 'Administration',
  summary: 'Invite someone by mail; they join the default group when they accept',
  auth: 'admin',
  body: createInvitationSchema,
  response: adminInvitationSchema,
  status: 201,
  errors: { 404: ['not_found'] },
});
export const listInvitations = defineEndpoint({
  method: 'get',
  path: '/admin/invitations',
  tag: 'Administration',
  summary: 'Every invitation with its state',
  auth: 'admin',
  response: z.array(adminInvitationSchema),
});
export const withdrawInvitation = defineEndpoint({
  method: 'delete',
  path: '/admin/invitations/{id}',
  tag: 'Administration',
  summary: 'Withdraw an invitation',
  auth: 'admin',
  params: invitationParamSchema,
  response: okSchema,
});
export const getInvitation = defineEndpoint({
  method: 'get',
  path: '/invitations/{id}',
  tag: access,
  summary: 'An open invitation, for the screen that accepts it',
  auth: 'public',
  params: invitationParamSchema,
  response: invitationViewSchema,
  errors: { 404: ['invitation_error'] },
});
export const acceptInvitation = defineEndpoint({
  method: 'post',
  path: '/invitations/{id}/accept',
  tag: access,
  summary: 'Accept an invitation: the account is created active, in the default group, and logged in',
  auth: 'public',
  params: invitationParamSchema,
  body: acceptInvitationSchema,
  response: sessionSchema,
  status: 201,
  errors: {
    400: ['weak_password'],
    403: ['license_full'],
    404: ['invitation_error'],
    409: ['username_exists'],
  },
});
