import type { ClashPolicy } from '../fs/landing-name.ts';
import { openClaims, sealClaims } from './signed-claims.ts';

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
  /**
   * The transfer cookie the token was minted for (`null`: none). Every hello must carry exactly this cookie, so a
   * token the DAM asked for under one cookie cannot run a transfer that monitors find under another, or under none.
   * Absent only from tokens minted before the binding existed (none of the node's own).
   */
  cookie?: string | null;
  /** Uploads never write an existing file: they land beside it (node `upload-target.ts`), whatever the hello says. */
  clash_policy?: ClashPolicy;
}

export const TOKEN_PREFIX = 'RT1';
export const TOKEN_LEEWAY_SECONDS = 30;

/** `RT1.<payload>.<signature>` (PROTOCOL.md §1.5). */
export function signToken(secret: Buffer, claims: TokenClaims): string {
  return sealClaims(secret, TOKEN_PREFIX, claims);
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

/**
 * Verifies signature, issuer, expiry (with leeway for clock skew), direction and, when the caller names the cookie
 * its request carries (a hello), that it is the token's cookie.
 */
export function verifyToken(
  secret: Buffer,
  token: string,
  expect: { nodeId: string; direction: 'send' | 'receive'; nowSeconds?: number; cookie?: string | null },
): TokenCheck {
  const opened = openClaims(secret, TOKEN_PREFIX, token);
  if (!opened.ok) return opened;
  const claims = opened.claims as unknown as TokenClaims;
  if (claims.v !== 1 || !Array.isArray(claims.roots) || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'malformed token' };
  }
  const now = expect.nowSeconds ?? Date.now() / 1000;
  if (claims.exp + TOKEN_LEEWAY_SECONDS < now) return { ok: false, reason: 'token expired' };
  if (claims.node_id !== expect.nodeId) return { ok: false, reason: 'token minted by another node' };
  if (claims.dir !== expect.direction) return { ok: false, reason: 'token is for the other direction' };
  if ('cookie' in expect && 'cookie' in claims && (claims.cookie || null) !== (expect.cookie || null))
    return { ok: false, reason: 'token is for another transfer cookie' };
  return { ok: true, claims };
}
