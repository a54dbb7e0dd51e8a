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
import { adminInvitationSchema, createInvitationSchema } from '../admin.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, notFound, weakPassword } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { invitationParams } from './params.ts';

const access = endpointGroup('Access', 'user');
const tooManyAttempts = { 429: ['too_many_attempts'] };
/** What a new account can meet: a weak password, no licence seat left, its username taken. */
const newAccountErrors = errors(weakPassword, { 403: ['license_full'], 409: ['username_exists'] });

export const logIn = access.post('/session', {
  summary: 'Log in with a username or an email, and a password',
  auth: 'public',
  body: loginSchema,
  response: sessionSchema,
  errors: tooManyAttempts,
});
export const getSession = access.get('/session', {
  summary: 'The signed-in person, their ACLs and permissions',
  response: sessionSchema,
});
export const getSessionState = access.get('/session/state', {
  summary:
    'The signed-in person, or nobody (and whether a session timed out), always with 200: what a page asks as it loads',
  auth: 'public',
  response: sessionStateSchema,
});
export const logOut = access.delete('/session', { summary: 'Log out', auth: 'public', response: okSchema });
export const switchAcl = access.put('/session/acl', {
  summary: 'Switch to another ACL the person holds',
  body: switchAclSchema,
  response: sessionSchema,
  errors: errors(notFound, { 409: ['acl_root_missing'] }),
});
export const setAdminMode = access.put('/session/admin-mode', {
  summary: 'Turn admin mode on or off (administrators): it overrides permissions',
  auth: 'admin',
  body: adminModeSchema,
  response: sessionSchema,
  errors: { 400: ['needs_session'] },
});

export const forgotPassword = access.post('/password/forgot', {
  summary: 'Mail a password reset link (answers the same whether or not the account exists)',
  auth: 'public',
  body: forgotPasswordSchema,
  response: okSchema,
  status: 202,
});
export const resetPassword = access.post('/password/reset', {
  summary: 'Choose a new password with the token from the reset mail',
  auth: 'public',
  body: resetPasswordSchema,
  response: passwordResetResultSchema,
  errors: { 400: ['weak_password', 'link_invalid'] },
});
export const changePassword = access.post('/password/change', {
  summary: 'Change the password (other sessions of the account end)',
  body: changePasswordSchema,
  response: okSchema,
  errors: { 400: ['old_password_incorrect', 'weak_password'] },
});

export const createAccount = access.post('/accounts', {
  summary: 'Create an account; an activation code is mailed to its address',
  auth: 'public',
  body: createAccountSchema,
  response: z.object({ ok: z.literal(true), username: z.string() }),
  status: 201,
  errors: newAccountErrors,
});
export const activateAccount = access.post('/accounts/activate', {
  summary: 'Activate a new account with the code from its mail',
  auth: 'public',
  body: activateSchema,
  response: okSchema,
  errors: errors({ 400: ['activation_code_invalid'] }, tooManyAttempts),
});
export const getAccount = access.get('/account', {
  summary: "The signed-in person's account settings",
  response: userSchema,
});
export const updateAccount = access.put('/account', {
  summary: 'Change the account settings (every user field of R-USER-FIELDS)',
  body: z.strictObject({ profile: profileSchema }),
  response: userSchema,
});

// A key is made, listed and revoked only with a session: an API key cannot make more keys.
const needsSession = { 403: ['needs_session'] };
const apiKeys = namedSet({
  group: access,
  path: '/api-keys',
  item: apiKeySchema,
  save: createApiKeySchema,
  created: createdApiKeySchema,
  exists: 'api_key_exists',
});
export const listApiKeys = apiKeys.list(
  "The signed-in person's API keys (never the keys themselves)",
  needsSession,
);
export const createApiKey = apiKeys.create(
  'Create a named API key; the key is in this answer only. Send it as `Authorization: Bearer <key>`.',
  needsSession,
);
export const revokeApiKey = apiKeys.remove('Revoke an API key', needsSession);

const invitations = endpointGroup('Administration', 'admin');
/** An invitation accepted, withdrawn (`invitation_done`) or expired (`link_invalid`) is gone. */
const invitationGone = { 410: ['invitation_done', 'link_invalid'] };
export const createInvitation = invitations.post('/admin/invitations', {
  summary: 'Invite someone by mail; they join the default group when they accept',
  body: createInvitationSchema,
  response: adminInvitationSchema,
  status: 201,
  errors: errors(notFound, { 502: ['invitation_not_sent'] }),
});
export const listInvitations = invitations.get('/admin/invitations', {
  summary: 'Every invitation with its state',
  response: z.array(adminInvitationSchema),
});
export const withdrawInvitation = invitations.delete('/admin/invitations/{id}', {
  summary: 'Withdraw an invitation',
  params: invitationParams,
  response: okSchema,
  errors: { 410: ['invitation_done'] },
});
export const getInvitation = access.get('/invitations/{id}', {
  summary: 'An open invitation, for the screen that accepts it',
  auth: 'public',
  params: invitationParams,
  response: invitationViewSchema,
  errors: errors({ 404: ['invitation_error'] }, invitationGone),
});
export const acceptInvitation = access.post('/invitations/{id}/accept', {
  summary: 'Accept an invitation: the account is created active, in the default group, and logged in',
  auth: 'public',
  params: invitationParams,
  body: acceptInvitationSchema,
  response: sessionSchema,
  status: 201,
  errors: errors(newAccountErrors, { 404: ['invitation_error'] }, invitationGone),
});
