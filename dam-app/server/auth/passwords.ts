import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 3;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash, so the cost can change later. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const n = 2 ** logN;
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A hash of a password nobody has: verifying against it costs what a real check costs, so a login for an unknown
 * user takes as long as one with a wrong password.
 */
export function decoyHash(logN: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return decoy;
}
let decoy: Promise<string> | undefined;
