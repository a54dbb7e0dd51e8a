import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { activateSchema, createAccountSchema, Profile } from '../../api/accounts.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, conflict, invalid } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import type { DamConfig } from '../config/config.ts';
import type { Database, NewUser } from '../db/schema.ts';
import { mails } from '../mail/templates.ts';
import type { DamServices } from '../services.ts';
import {
  activatePending,
  insertUserRow,
  licensedUserCount,
  lockLicenseSeats,
  updateProfileColumns,
  usernameTaken,
} from './account-queries.ts';
import { claimAttempt } from './login-limiter.ts';
import { settleAttempt } from './login-throttle-queries.ts';
import { newPasswordHash } from './password-service.ts';
import { newActivationCode, tokenHash } from './tokens.ts';
import { profileColumns, userView } from './views.ts';

/**
 * Refuses one more licensed account (a new one, or a disabled one enabled again) when the license's user count is
 * reached (0 = no limit). It holds a transaction lock until the caller's transaction ends, so the count and the
 * insert or update that follows are one step: sign-ups sent at once cannot all see the last free seat.
 */
export async function checkLicense(trx: Transaction<Database>, config: DamConfig): Promise<void> {
  if (config.licenseUsers <= 0) return;
  await lockLicenseSeats(trx);
  if ((await licensedUserCount(trx)) >= config.licenseUsers)
    throw new ApiError(403, 'license_full', MESSAGES.licenseFull);
}

export async function checkUsernameFree(db: Kysely<Database>, username: string): Promise<void> {
  if (await usernameTaken(db, username))
    throw conflict('username_exists', MESSAGES.usernameExists, 'username');
}

/**
 * Adds an account, however it is made (by an administrator, an invitation, a sign-up): within the caller's
 * transaction, after the licence (R-LICENSE-LIMIT) and the name's uniqueness are checked under the seat lock.
 */
export async function insertLicensedUser(trx: Transaction<Database>, config: DamConfig, values: NewUser) {
  await checkLicense(trx, config);
  await checkUsernameFree(trx, values.username);
  return insertUserRow(trx, values);
}

/** A pending account, its activation code mailed to its address in the same transaction. */
export async function createAccount(
  services: DamServices,
  body: z.output<typeof createAccountSchema>,
  ip: string,
) {
  const { db, config } = services;
  const hash = await newPasswordHash(body.password, config);
  await checkUsernameFree(db, body.username);
  const code = newActivationCode();
  await db.transaction().execute(async (trx) => {
    const { id } = await insertLicensedUser(trx, config, {
      username: body.username,
      password_hash: hash,
      status: 'pending',
      activation_code_hash: tokenHash(code),
      ...profileColumns(body.profile),
    });
    await services.sendMail(
      mails.activation(body.profile.email, body.username, code, `${config.publicUrl}/#activate`),
      trx,
    );
    await audit(trx, { actorId: id, event: 'account_created', target: body.username, ip });
  });
}

export async function activateAccount(
  services: DamServices,
  body: z.output<typeof activateSchema>,
  ip: string,
) {
  const { db } = services;
  const claim = await claimAttempt(db, `activate:${body.username.toLowerCase()}`, ip);
  const user = await activatePending(db, body.username, tokenHash(body.code.toUpperCase()));
  await settleAttempt(db, claim, user !== undefined);
  if (!user) throw invalid({ code: MESSAGES.activationCodeInvalid }, 'activation_code_invalid');
  await audit(db, { actorId: user.id, event: 'account_activated', target: user.username, ip });
}

export const updateProfile = async (services: DamServices, principal: Principal, profile: Profile) =>
  userView(await updateProfileColumns(services.db, principal.user.id, profileColumns(profile)));
