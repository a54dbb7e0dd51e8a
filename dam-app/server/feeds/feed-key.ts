import { createHash, randomBytes } from 'node:crypto';

/** A feed's secret key: 256 random bits, base64url (43 characters); only its hash is stored. */
export function newFeedKey() {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashFeedKey(key), prefix: key.slice(0, 6) };
}

export const hashFeedKey = (key: string) => createHash('sha256').update(key).digest('hex');
