import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a recipient's page holds once the share is unlocked: a visit id, whether the licence was accepted, and a MAC
 * under the share's own secret (a new password or a revoke changes the secret, so earlier grants lapse). A visit is
 * one person's file-by-file download: its files count together.
 */
export interface Grant {
  visit: string;
  accepted: boolean;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export const newGrantSecret = () => randomBytes(32).toString('base64url');

export function signGrant(secret: string, grant: Grant): string {
  const body = `${grant.visit}.${grant.accepted ? 'a' : 'v'}`;
  return `${body}.${mac(secret, body)}`;
}

export function newGrant(secret: string, accepted: boolean): string {
  return signGrant(secret, { visit: randomBytes(12).toString('base64url'), accepted });
}

/** The grant, when it is one this share's secret signed; undefined for anything else. */
export function readGrant(secret: string, text: string | undefined): Grant | undefined {
  const parts = text?.split('.');
  if (parts?.length !== 3) return undefined;
  const [visit = '', level = '', given = ''] = parts;
  const expected = Buffer.from(mac(secret, `${visit}.${level}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (level !== 'a' && level !== 'v') return undefined;
  return { visit, accepted: level === 'a' };
}
