import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import {
  SHARE_PASSWORD_ATTEMPTS,
  SHARE_PASSWORD_WINDOW_MINUTES,
  type unlockShareSchema,
} from '../../api/shares.ts';
import { ApiError } from '../api/api-error.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { failuresInWindow, type GuardedTable, recordFailedAttempt } from '../db/password-attempts.ts';
import type { DamServices } from '../services.ts';
import { type Grant, newGrant, readGrant } from '../shares/share-grants.ts';

/** What is visited without an account: a share or a portal, its password and grant secret, and its terms. */
export interface Visited {
  id: number;
  password_hash: string | null;
  grant_secret: string;
}

/** How one kind of visited thing names itself in errors and where its password failures are counted. */
export interface VisitKind {
  /** `share` or `portal`: error codes are `<code>_locked`. */
  code: 'share' | 'portal';
  table: GuardedTable;
  /** Its terms (a share's licensing text, a portal's terms): '' when there are none. */
  terms: string;
}

const locked = (kind: VisitKind) =>
  new ApiError(
    403,
    `${kind.code}_locked`,
    MESSAGES.accessDenied,
    `Unlock the ${kind.code} (password, terms) first.`,
  );

export const grantOf = (visited: Visited, text: string | undefined): Grant | undefined =>
  readGrant(visited.grant_secret, text);

/** Whether the page's grant has its terms accepted (or there are none). */
export const termsAccepted = (kind: VisitKind, grant: Grant | undefined) =>
  grant !== undefined && (grant.accepted || kind.terms === '');

/** Seeing the files needs the password's grant when there is a password. */
export function assertMaySee(kind: VisitKind, visited: Visited, grantText: string | undefined) {
  if (visited.password_hash !== null && !grantOf(visited, grantText)) throw locked(kind);
}

/** Downloading needs a grant whose terms were accepted (any grant when there are no terms). */
export function downloadGrant(kind: VisitKind, visited: Visited, grantText: string | undefined): Grant {
  const grant = grantOf(visited, grantText);
  if (!grant || !termsAccepted(kind, grant)) throw locked(kind);
  return grant;
}

/** The password (attempts limited per share or portal, whoever tries) and the terms: a grant for the page's requests. */
export async function unlockVisit(
  services: DamServices,
  kind: VisitKind,
  visited: Visited,
  body: z.output<typeof unlockShareSchema>,
): Promise<{ grant: string }> {
  if (visited.password_hash !== null) {
    const tooMany = () =>
      new ApiError(429, 'too_many_attempts', MESSAGES.tooManyAttempts, undefined, {
        details: { retryAfterSeconds: SHARE_PASSWORD_WINDOW_MINUTES * 60 },
      });
    if (
      (await failuresInWindow(services.db, kind.table, visited.id, SHARE_PASSWORD_WINDOW_MINUTES)) >=
      SHARE_PASSWORD_ATTEMPTS
    )
      throw tooMany();
    if (!(await verifyPassword(body.password ?? '', visited.password_hash))) {
      const failures = await recordFailedAttempt(
        services.db,
        kind.table,
        visited.id,
        SHARE_PASSWORD_WINDOW_MINUTES,
      );
      if (failures >= SHARE_PASSWORD_ATTEMPTS) throw tooMany();
      throw new ApiError(403, 'share_password', MESSAGES.sharePasswordWrong, `Wrong ${kind.code} password.`, {
        fields: { password: MESSAGES.sharePasswordWrong },
      });
    }
  }
  return { grant: newGrant(visited.grant_secret, body.accept || kind.terms === '') };
}
