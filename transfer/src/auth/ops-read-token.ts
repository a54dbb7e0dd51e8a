import { openClaims, sealClaims } from './signed-claims.ts';
import { TOKEN_LEEWAY_SECONDS } from './transfer-token.ts';

/**
 * A credential that can only read the transfer records of one cookie, for a short time: what a DAM hands the
 * browser to poll `/ops/transfers` with (spec §7 NodeCredentials), instead of the node user's password.
 */
export interface OpsReadClaims {
  v: 1;
  node_id: string;
  /** Only transfers whose cookie is exactly this are visible. */
  cookie: string;
  iat: number;
  exp: number;
}

export const OPS_READ_PREFIX = 'RO1';
/** The longest a read credential may live. */
export const OPS_READ_MAX_SECONDS = 3600;

export function signOpsReadToken(secret: Buffer, claims: OpsReadClaims): string {
  return sealClaims(secret, OPS_READ_PREFIX, claims);
}

export function verifyOpsReadToken(
  secret: Buffer,
  token: string,
  expect: { nodeId: string; nowSeconds?: number },
): { ok: true; claims: OpsReadClaims } | { ok: false; reason: string } {
  const opened = openClaims(secret, OPS_READ_PREFIX, token);
  if (!opened.ok) return opened;
  const claims = opened.claims as unknown as OpsReadClaims;
  if (claims.v !== 1 || typeof claims.cookie !== 'string' || typeof claims.exp !== 'number')
    return { ok: false, reason: 'malformed token' };
  if (claims.exp + TOKEN_LEEWAY_SECONDS < (expect.nowSeconds ?? Date.now() / 1000))
    return { ok: false, reason: 'token expired' };
  if (claims.node_id !== expect.nodeId) return { ok: false, reason: 'token minted by another node' };
  return { ok: true, claims };
}
