import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/** What the key is made from: the DAM's secret, from the environment or its file. */
export interface SecretSource {
  secret: string | undefined;
  secretFile: string;
}

/**
 * The DAM's secret: `DAM_SECRET`, or the file in DAM_HOME, made at first need. `wx` makes it once even when two
 * servers of a cluster (one DAM_HOME) ask together: the loser of the race reads the winner's.
 */
async function damSecret(source: SecretSource): Promise<string> {
  if (source.secret) return source.secret;
  const made = randomBytes(32).toString('base64url');
  try {
    await writeFile(source.secretFile, made, { flag: 'wx', mode: 0o600 });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(source.secretFile, 'utf8')).trim();
  }
}

/**
 * An AES-256 key derived from the DAM's secret for one use only: remote-server passwords and keys by default,
 * `runtime-setting-secret` for the runtime settings' secrets (R-RUNTIME-SMTP).
 */
export async function passwordKey(source: SecretSource, use = 'remote-server-password'): Promise<Buffer> {
  const secret = await damSecret(source);
  return Buffer.from(hkdfSync('sha256', secret, 'rapid-dam', use, 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url; a new IV each time, so equal passwords seal apart. */
export function seal(key: Buffer, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The clear text; throws when the box was changed or sealed under another key. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed password');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
