import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { acceptInvitationSchema } from '../../api/accounts.ts';
import type { createInvitationSchema } from '../../api/admin.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { mails } from '../mail/templates.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { insertLicensedUser } from './account-service.ts';
import {
  addGroupMember,
  allInvitations,
  deleteInvitationRow,
  groupExists,
  insertInvitation,
  invitationWithGroup,
  lockInvitation,
  markAccepted,
  withdrawOpenInvitation,
} from './invitation-queries.ts';
import { newPasswordHash } from './password-service.ts';
import { openSession } from './session-service.ts';
import { newToken } from './tokens.ts';
import { profileColumns } from './views.ts';

const INVITATION_DAYS = 14;

/** The invitation link of R-INVITE-LINK: the host and the main page, then `#CU` and the invitation id. */
export const invitationLink = (publicUrl: string, id: string) => `${publicUrl}/index.html#CU${id}`;

async function openInvitation(db: Kysely<Database>, id: string) {
  const invitation = await invitationWithGroup(db, id);
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

/** Invites someone by mail; the mail is sent now, and when it cannot be the invitation is taken back. */
export async function createInvitation(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof createInvitationSchema>,
  ip: string,
) {
  const { db, config } = services;
  if (body.defaultGroupId !== null && !(await groupExists(db, body.defaultGroupId))) throw notFound('group');
  const id = newToken(18);
  const row = await insertInvitation(db, {
    id,
    email: body.email,
    default_group_id: body.defaultGroupId,
    invited_by: principal.user.id,
    expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const link = invitationLink(config.publicUrl, id);
  const inviter = [principal.user.first_name, principal.user.last_name].filter(Boolean).join(' ');
  // Sent now rather than queued, so the administrator learns at once when it cannot be sent (R-INVITE-SEND-FAILED).
  try {
    await services.deliverMail(
      mails.invitation(body.email, inviter || principal.user.username, link, INVITATION_DAYS),
    );
  } catch (error) {
    await deleteInvitationRow(db, id);
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
}

export const listInvitations = async (services: DamServices) =>
  (await allInvitations(services.db)).map((row) => ({
    id: row.id,
    email: row.email,
    defaultGroupId: row.default_group_id,
    link: invitationLink(services.config.publicUrl, row.id),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    state: invitationState(row),
  }));

export async function withdrawInvitation(
  services: DamServices,
  principal: Principal,
  id: string,
  ip: string,
) {
  const email = await withdrawOpenInvitation(services.db, id);
  if (email === undefined) throw new ApiError(410, 'invitation_done', MESSAGES.invitationDone);
  await audit(services.db, { actorId: principal.user.id, event: 'invitation_deleted', target: email, ip });
}

export async function invitationView(services: DamServices, id: string) {
  const invitation = await openInvitation(services.db, id);
  return {
    id: invitation.id,
    email: invitation.email,
    groupName: invitation.group_name,
    expiresAt: invitation.expires_at.toISOString(),
  };
}

/**
 * Accepts an invitation: the account is created active, in the default group, and a session opened for it (its
 * token for the cookie, and its view).
 */
export async function acceptInvitation(
  services: DamServices,
  id: string,
  body: z.output<typeof acceptInvitationSchema>,
  ip: string,
  previousToken: string | undefined,
) {
  const { db, config } = services;
  const hash = await newPasswordHash(body.password, config);
  const user = await db.transaction().execute(async (trx) => {
    // Locks the invitation, so two tabs accepting at once make one account.
    const invitation = await lockInvitation(trx, id);
    if (!invitation) throw new ApiError(404, 'invitation_error', MESSAGES.invitationError);
    if (invitationState(invitation) !== 'open') await openInvitation(trx, id);
    const created = await insertLicensedUser(trx, config, {
      username: body.username,
      password_hash: hash,
      status: 'active',
      ...profileColumns({ ...body.profile, email: invitation.email }),
    });
    if (invitation.default_group_id !== null)
      await addGroupMember(trx, invitation.default_group_id, created.id);
    await markAccepted(trx, invitation.id, created.id);
    // R-NOTIFY: the person who invited hears of it, in the same transaction.
    if (invitation.invited_by !== null)
      await notify(trx, config, {
        type: 'Invite Accepted',
        actorId: created.id,
        subject: `${body.username} (${invitation.email})`,
        to: [invitation.invited_by],
      });
    await audit(trx, { actorId: created.id, event: 'invitation_accepted', target: invitation.email, ip });
    return created;
  });
  return openSession(services, user, previousToken);
}
