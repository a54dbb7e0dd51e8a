import { getCookie, setCookie } from 'hono/cookie';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { acceptInvitationSchema, invitationViewSchema, okSchema, sessionSchema } from '../../api/accounts.ts';
import { adminInvitationSchema, createInvitationSchema } from '../../api/admin.ts';
import { dbString } from '../../api/db-safe.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { mails } from '../mail/templates.ts';
import { checkLicense, checkUsernameFree } from './account-routes.ts';
import { checkNewPassword } from './password-routes.ts';
import { hashPassword } from './passwords.ts';
import { principalFor } from './resolve-principal.ts';
import { SESSION_COOKIE, startSession } from './sessions.ts';
import { newToken, tokenHash } from './tokens.ts';
import { profileColumns, sessionView } from './views.ts';

const INVITATION_DAYS = 14;

/** The invitation link of R-INVITE-LINK: the host and the main page, then `#CU` and the invitation id. */
export const invitationLink = (publicUrl: string, id: string) => `${publicUrl}/index.html#CU${id}`;

async function openInvitation(db: Kysely<Database>, id: string) {
  const invitation = await db
    .selectFrom('invitations')
    .leftJoin('groups', 'groups.id', 'invitations.default_group_id')
    .selectAll('invitations')
    .select('groups.name as group_name')
    .where('invitations.id', '=', id)
    .executeTakeFirst();
  if (!invitation) throw new ApiError(404, 'invitation_error', MESSAGES.invitationError);
  if (invitation.accepted_at || invitation.deleted_at)
    throw new ApiError(410, 'invitation_done', MESSAGES.invitationDone);
  if (invitation.expires_at.getTime() < Date.now())
    throw new ApiError(410, 'link_invalid', MESSAGES.linkInvalid);
  return invitation;
}

type InvitationRow = Awaited<ReturnType<typeof openInvitation>>;
function invitationState(row: Pick<InvitationRow, 'accepted_at' | 'deleted_at' | 'expires_at'>) {
  if (row.accepted_at) return 'accepted' as const;
  if (row.deleted_at) return 'deleted' as const;
  return row.expires_at.getTime() < Date.now() ? ('expired' as const) : ('open' as const);
}

export const invitationRoutes = [
  defineRoute({
    method: 'post',
    path: '/admin/invitations',
    tag: 'Administration',
    summary: 'Invite someone by mail; they join the default group when they accept',
    auth: 'admin',
    body: createInvitationSchema,
    response: adminInvitationSchema,
    status: 201,
    async handler({ services, principal, body, ip }) {
      const { db, config } = services;
      if (body.defaultGroupId !== null) {
        const group = await db
          .selectFrom('groups')
          .select('id')
          .where('id', '=', body.defaultGroupId)
          .executeTakeFirst();
        if (!group) throw notFound('group');
      }
      const id = newToken(18);
      const row = await db
        .insertInto('invitations')
        .values({
          id,
          email: body.email,
          default_group_id: body.defaultGroupId,
          invited_by: principal.user.id,
          expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const link = invitationLink(config.publicUrl, id);
      const inviter = [principal.user.first_name, principal.user.last_name].filter(Boolean).join(' ');
      // Sent now rather than queued, so the administrator learns at once when it cannot be sent (R-INVITE-SEND-FAILED).
      try {
        await services.deliverMail(
          mails.invitation(body.email, inviter || principal.user.username, link, INVITATION_DAYS),
        );
      } catch (error) {
        await db.deleteFrom('invitations').where('id', '=', id).execute();
        throw new ApiError(502, 'invitation_not_sent', MESSAGES.invitationNotSent, (error as Error).message);
      }
      await audit(db, { actorId: principal.user.id, event: 'invitation_sent', target: body.email, ip });
      return {
        id,
        email: row.email,
        defaultGroupId: row.default_group_id,
        link,
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        state: 'open' as const,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/invitations',
    tag: 'Administration',
    summary: 'Every invitation with its state',
    auth: 'admin',
    response: z.array(adminInvitationSchema),
    async handler({ services }) {
      const rows = await services.db
        .selectFrom('invitations')
        .selectAll()
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        defaultGroupId: row.default_group_id,
        link: invitationLink(services.config.publicUrl, row.id),
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        state: invitationState(row),
      }));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/invitations/{id}',
    tag: 'Administration',
    summary: 'Withdraw an invitation',
    auth: 'admin',
    params: z.object({ id: dbString().max(64) }),
    response: okSchema,
    async handler({ services, principal, params, ip }) {
      const row = await services.db
        .updateTable('invitations')
        .set({ deleted_at: new Date() })
        .where('id', '=', params.id)
        .where('accepted_at', 'is', null)
        .where('deleted_at', 'is', null)
        .returning('email')
        .executeTakeFirst();
      if (!row) throw new ApiError(410, 'invitation_done', MESSAGES.invitationDone);
      await audit(services.db, {
        actorId: principal.user.id,
        event: 'invitation_deleted',
        target: row.email,
        ip,
      });
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/invitations/{id}',
    tag: 'Access',
    summary: 'An open invitation, for the screen that accepts it',
    auth: 'public',
    params: z.object({ id: dbString().max(64) }),
    response: invitationViewSchema,
    async handler({ services, params }) {
      const invitation = await openInvitation(services.db, params.id);
      return {
        id: invitation.id,
        email: invitation.email,
        groupName: invitation.group_name,
        expiresAt: invitation.expires_at.toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/invitations/{id}/accept',
    tag: 'Access',
    summary: 'Accept an invitation: the account is created active, in the default group, and logged in',
    auth: 'public',
    params: z.object({ id: dbString().max(64) }),
    body: acceptInvitationSchema,
    response: sessionSchema,
    status: 201,
    async handler({ c, services, params, body, ip }) {
      const { db, config } = services;
      checkNewPassword(body.password, config);
      const hash = await hashPassword(body.password, config.scryptLogN);
      const user = await db.transaction().execute(async (trx) => {
        // Locks the invitation, so two tabs accepting at once make one account.
        const invitation = await trx
          .selectFrom('invitations')
          .selectAll()
          .where('id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!invitation) throw new ApiError(404, 'invitation_error', MESSAGES.invitationError);
        if (invitationState(invitation) !== 'open') await openInvitation(trx, params.id);
        await checkLicense(trx, config);
        await checkUsernameFree(trx, body.username);
        const created = await trx
          .insertInto('users')
          .values({
            username: body.username,
            password_hash: hash,
            status: 'active',
            ...profileColumns({ ...body.profile, email: invitation.email }),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (invitation.default_group_id !== null)
          await trx
            .insertInto('group_members')
            .values({ group_id: invitation.default_group_id, user_id: created.id })
            .execute();
        await trx
          .updateTable('invitations')
          .set({ accepted_at: sql<Date>`now()`, accepted_user_id: created.id })
          .where('id', '=', invitation.id)
          .execute();
        await audit(trx, { actorId: created.id, event: 'invitation_accepted', target: invitation.email, ip });
        return created;
      });
      const { token, csrfToken } = await startSession(db, user.id, getCookie(c, SESSION_COOKIE));
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.secureCookies,
        path: '/',
      });
      const principal = await principalFor(db, user, {
        via: 'session',
        sessionId: tokenHash(token),
        csrfToken,
        adminMode: false,
      });
      return sessionView(principal, config);
    },
  }),
];
