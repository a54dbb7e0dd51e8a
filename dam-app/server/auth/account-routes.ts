import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  activateSchema,
  createAccountSchema,
  okSchema,
  profileSchema,
  userSchema,
} from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError, conflict, invalid } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { audit } from '../audit/audit.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { mails } from '../mail/templates.ts';
import { claimAttempt, settleAttempt } from './login-limiter.ts';
import { checkNewPassword } from './password-routes.ts';
import { hashPassword } from './passwords.ts';
import { newActivationCode, tokenHash } from './tokens.ts';
import { licensedUserCount, usernameTaken } from './users.ts';
import { profileColumns, userView } from './views.ts';

/** Refuses a new account when the license's user count is reached (0 = no limit). */
export async function checkLicense(db: Kysely<Database>, config: DamConfig): Promise<void> {
  if (config.licenseUsers > 0 && (await licensedUserCount(db)) >= config.licenseUsers)
    throw new ApiError(403, 'license_full', MESSAGES.licenseFull);
}

export async function checkUsernameFree(db: Kysely<Database>, username: string): Promise<void> {
  if (await usernameTaken(db, username))
    throw conflict('username_exists', MESSAGES.usernameExists, 'username');
}

export const accountRoutes = [
  defineRoute({
    method: 'post',
    path: '/accounts',
    tag: 'Access',
    summary: 'Create an account; an activation code is mailed to its address',
    auth: 'public',
    body: createAccountSchema,
    response: z.object({ ok: z.literal(true), username: z.string() }),
    status: 201,
    async handler({ services, body, ip }) {
      const { db, config } = services;
      checkNewPassword(body.password, config);
      await checkLicense(db, config);
      await checkUsernameFree(db, body.username);
      const code = newActivationCode();
      const hash = await hashPassword(body.password, config.scryptLogN);
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            username: body.username,
            password_hash: hash,
            status: 'pending',
            activation_code_hash: tokenHash(code),
            ...profileColumns(body.profile),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await services.sendMail(
          mails.activation(body.profile.email, body.username, code, `${config.publicUrl}/#activate`),
          trx,
        );
        await audit(trx, { actorId: user.id, event: 'account_created', target: body.username, ip });
      });
      return { ok: true as const, username: body.username };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/activate',
    tag: 'Access',
    summary: 'Activate a new account with the code from its mail',
    auth: 'public',
    body: activateSchema,
    response: okSchema,
    async handler({ services, body, ip }) {
      const { db } = services;
      const claim = await claimAttempt(db, `activate:${body.username.toLowerCase()}`, ip);
      const user = await db
        .updateTable('users')
        .set({ status: 'active', activation_code_hash: null, updated_at: new Date() })
        .where(sql`lower(username)`, '=', body.username.toLowerCase())
        .where('status', '=', 'pending')
        .where('activation_code_hash', '=', tokenHash(body.code.toUpperCase()))
        .returning(['id', 'username'])
        .executeTakeFirst();
      await settleAttempt(db, claim, user !== undefined);
      if (!user) throw invalid({ code: MESSAGES.activationCodeInvalid }, 'activation_code_invalid');
      await audit(db, { actorId: user.id, event: 'account_activated', target: user.username, ip });
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/account',
    tag: 'Access',
    summary: "The signed-in person's account settings",
    auth: 'user',
    response: userSchema,
    async handler({ principal }) {
      return userView(principal.user);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/account',
    tag: 'Access',
    summary: 'Change the account settings (every user field of R-USER-FIELDS)',
    auth: 'user',
    body: z.strictObject({ profile: profileSchema }),
    response: userSchema,
    async handler({ services, principal, body }) {
      const user = await services.db
        .updateTable('users')
        .set({ ...profileColumns(body.profile), updated_at: new Date() })
        .where('id', '=', principal.user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return userView(user);
    },
  }),
];
