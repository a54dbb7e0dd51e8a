import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie, a link or a key: 32 bytes, base64url. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What the database keeps instead of a token: its SHA-256, so a leaked table gives nothing usable. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Every API key starts so: an `Authorization` value without it is someone else's credential, not ours. */
export const API_KEY_PREFIX = 'rdam_';

/** A short code a person types (activation): 8 characters without look-alikes. */
export function newActivationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
