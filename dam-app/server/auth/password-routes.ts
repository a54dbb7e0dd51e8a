import { type Kysely, sql } from 'kysely';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  okSchema,
  passwordResetResultSchema,
  resetPasswordSchema,
} from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import { passwordProblems } from '../../api/password-rule.ts';
import { ApiError, invalid } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { mails } from '../mail/templates.ts';
import { clearAccountFailures } from './login-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endOtherSessions } from './sessions.ts';
import { newToken, tokenHash } from './tokens.ts';
import { findLoginUser } from './users.ts';

const RESET_HOURS = 1;

/** Every link of the account not yet used stops working (a newer one was sent, or one was used). */
async function invalidateResetLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new password's R-PASSWORD-POLICY problems as a 400 naming the field, or nothing. */
export function checkNewPassword(password: string, config: DamConfig, field = 'password'): void {
  const problems = passwordProblems(password, config.passwordPolicy);
  if (problems.length > 0) throw invalid({ [field]: problems.join(' ') }, 'weak_password');
}

export const passwordRoutes = [
  defineRoute({
    method: 'post',
    path: '/password/forgot',
    tag: 'Access',
    summary: 'Mail a password reset link (answers the same whether or not the account exists)',
    auth: 'public',
    body: forgotPasswordSchema,
    response: okSchema,
    status: 202,
    async handler({ services, body, ip }) {
      const { db, config } = services;
      const user = await findLoginUser(db, body);
      if (user?.email && user.status === 'active' && user.special === null) {
        const token = newToken();
        await db.transaction().execute(async (trx) => {
          // The user's row is locked so two requests at once cannot both leave a live link: only the newest works.
          await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
          await invalidateResetLinks(trx, user.id);
          await trx
            .insertInto('password_resets')
            .values({
              token_hash: tokenHash(token),
              user_id: user.id,
              expires_at: new Date(Date.now() + RESET_HOURS * 3_600_000),
            })
            .execute();
          await services.sendMail(
            mails.passwordReset(
              user.email as string,
              user.username,
              `${config.publicUrl}/#reset=${token}`,
              RESET_HOURS,
            ),
            trx,
          );
          await audit(trx, {
            actorId: user.id,
            event: 'password_reset_requested',
            target: user.username,
            ip,
          });
        });
      }
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/password/reset',
    tag: 'Access',
    summary: 'Choose a new password with the token from the reset mail',
    auth: 'public',
    body: resetPasswordSchema,
    response: passwordResetResultSchema,
    async handler({ services, body, ip }) {
      const { db, config } = services;
      checkNewPassword(body.password, config);
      const hash = await hashPassword(body.password, config.scryptLogN);
      return db.transaction().execute(async (trx) => {
        const reset = await trx
          .updateTable('password_resets')
          .set({ used_at: new Date() })
          .where('token_hash', '=', tokenHash(body.token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('user_id')
          .executeTakeFirst();
        if (!reset) throw new ApiError(400, 'link_invalid', MESSAGES.linkInvalid);
        await trx
          .updateTable('users')
          .set({ password_hash: hash, updated_at: new Date() })
          .where('id', '=', reset.user_id)
          .execute();
        // Whoever knew the old password may have made sessions and keys with it: a reset ends them all.
        const sessions = await trx
          .deleteFrom('sessions')
          .where('user_id', '=', reset.user_id)
          .executeTakeFirst();
        const keys = await trx.deleteFrom('api_keys').where('user_id', '=', reset.user_id).executeTakeFirst();
        await invalidateResetLinks(trx, reset.user_id);
        await clearAccountFailures(trx, reset.user_id);
        const sessionsEnded = Number(sessions.numDeletedRows);
        const apiKeysRevoked = Number(keys.numDeletedRows);
        await audit(trx, {
          actorId: reset.user_id,
          event: 'password_reset',
          ip,
          details: { sessionsEnded, apiKeysRevoked },
        });
        return { ok: true as const, sessionsEnded, apiKeysRevoked };
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/password/change',
    tag: 'Access',
    summary: 'Change the password (other sessions of the account end)',
    auth: 'user',
    body: changePasswordSchema,
    response: okSchema,
    async handler({ services, principal, body, ip }) {
      const { db, config } = services;
      if (!(await verifyPassword(body.oldPassword, principal.user.password_hash)))
        throw invalid({ oldPassword: MESSAGES.oldPasswordIncorrect }, 'old_password_incorrect');
      checkNewPassword(body.password, config);
      const hash = await hashPassword(body.password, config.scryptLogN);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: hash, updated_at: new Date() })
          .where('id', '=', principal.user.id)
          .execute();
        await endOtherSessions(trx, principal.user.id, principal.sessionId);
        await audit(trx, { actorId: principal.user.id, event: 'password_changed', ip });
      });
      return { ok: true as const };
    },
  }),
];
