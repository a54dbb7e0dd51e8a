import type { z } from 'zod';
import type { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import { passwordProblems } from '../../api/password-rule.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, invalid } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { DamConfig } from '../config/config.ts';
import { mails } from '../mail/templates.ts';
import type { DamServices } from '../services.ts';
import { findLoginUser } from './account-queries.ts';
import { clearAccountFailures } from './login-limiter.ts';
import {
  deleteAllApiKeys,
  deleteAllSessions,
  insertResetLink,
  invalidateResetLinks,
  lockUser,
  setPasswordHash,
  useResetLink,
} from './password-queries.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endOtherSessions } from './session-queries.ts';
import { newToken, tokenHash } from './tokens.ts';

const RESET_HOURS = 1;

/** A new password's R-PASSWORD-POLICY problems as a 400 naming the field, or nothing. */
export function checkNewPassword(password: string, config: DamConfig, field = 'password'): void {
  const problems = passwordProblems(password, config.passwordPolicy);
  if (problems.length > 0) throw invalid({ [field]: problems.join(' ') }, 'weak_password');
}

/** A new password, checked against the policy (R-PASSWORD-POLICY), as the hash to store. */
export async function newPasswordHash(password: string, config: DamConfig): Promise<string> {
  checkNewPassword(password, config);
  return hashPassword(password, config.scryptLogN);
}

/** Mails a reset link to an active, ordinary account with an address; nothing tells whether one was sent. */
export async function forgotPassword(
  services: DamServices,
  body: z.output<typeof forgotPasswordSchema>,
  ip: string,
) {
  const { db, config } = services;
  const user = await findLoginUser(db, body);
  if (!user?.email || user.status !== 'active' || user.special !== null) return;
  const email = user.email;
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // The user's row is locked so two requests at once cannot both leave a live link: only the newest works.
    await lockUser(trx, user.id);
    await invalidateResetLinks(trx, user.id);
    await insertResetLink(trx, tokenHash(token), user.id, new Date(Date.now() + RESET_HOURS * 3_600_000));
    await services.sendMail(
      mails.passwordReset(email, user.username, `${config.publicUrl}/#reset=${token}`, RESET_HOURS),
      trx,
    );
    await audit(trx, { actorId: user.id, event: 'password_reset_requested', target: user.username, ip });
  });
}

export async function resetPassword(
  services: DamServices,
  body: z.output<typeof resetPasswordSchema>,
  ip: string,
) {
  const { db, config } = services;
  const hash = await newPasswordHash(body.password, config);
  return db.transaction().execute(async (trx) => {
    const userId = await useResetLink(trx, tokenHash(body.token));
    if (userId === undefined) throw new ApiError(400, 'link_invalid', MESSAGES.linkInvalid);
    await setPasswordHash(trx, userId, hash);
    // Whoever knew the old password may have made sessions and keys with it: a reset ends them all.
    const sessionsEnded = await deleteAllSessions(trx, userId);
    const apiKeysRevoked = await deleteAllApiKeys(trx, userId);
    await invalidateResetLinks(trx, userId);
    await clearAccountFailures(trx, userId);
    await audit(trx, {
      actorId: userId,
      event: 'password_reset',
      ip,
      details: { sessionsEnded, apiKeysRevoked },
    });
    return { ok: true as const, sessionsEnded, apiKeysRevoked };
  });
}

export async function changePassword(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof changePasswordSchema>,
  ip: string,
) {
  const { db, config } = services;
  if (!(await verifyPassword(body.oldPassword, principal.user.password_hash)))
    throw invalid({ oldPassword: MESSAGES.oldPasswordIncorrect }, 'old_password_incorrect');
  const hash = await newPasswordHash(body.password, config);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, principal.user.id, hash);
    await endOtherSessions(trx, principal.user.id, principal.sessionId);
    await audit(trx, { actorId: principal.user.id, event: 'password_changed', ip });
  });
}
