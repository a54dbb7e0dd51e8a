import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  v: 1;
  /** Client-side direction: `send` = upload. */
  dir: 'send' | 'receive';
  user: string;
  node_id: string;
  /** Docroot-relative roots the token allows; `/` is the whole docroot. */
  roots: string[];
  exp: number;
  iat: number;
  xfer_id: string;
}

export const TOKEN_PREFIX = 'RT1';
export const TOKEN_LEEWAY_SECONDS = 30;

function sign(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** `RT1.<payload>.<signature>` (PROTOCOL.md §1.5). */
export function signToken(secret: Buffer, claims: TokenClaims): string {
  const body = `${TOKEN_PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

/** Verifies signature, issuer, expiry (with leeway for clock skew) and direction. */
export function verifyToken(
  secret: Buffer,
  token: string,
  expect: { nodeId: string; direction: 'send' | 'receive'; nowSeconds?: number },
): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX) return { ok: false, reason: 'malformed token' };
  const body = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const wanted = sign(secret, body);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return { ok: false, reason: 'bad signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  if (claims.v !== 1 || !Array.isArray(claims.roots) || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed token' };
  }
  const now = expect.nowSeconds ?? Date.now() / 1000;
  if (claims.exp + TOKEN_LEEWAY_SECONDS < now) return { ok: false, reason: 'token expired' };
  if (claims.node_id !== expect.nodeId) return { ok: false, reason: 'token minted by another node' };
  if (claims.dir !== expect.direction) return { ok: false, reason: 'token is for the other direction' };
  return { ok: true, claims };
}
