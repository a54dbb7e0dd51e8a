import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<prefix>.<base64url JSON>.<base64url HMAC-SHA256 of the first two parts>`: the node's signed tokens. */
export function sealClaims(secret: Buffer, prefix: string, claims: object): string {
  const body = `${prefix}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The claims of a token this secret sealed with this prefix, or why not (checked in constant time). */
export function openClaims(
  secret: Buffer,
  prefix: string,
  token: string,
): { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string } {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== prefix) return { ok: false, reason: 'malformed token' };
  const body = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const wanted = mac(secret, body);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return { ok: false, reason: 'bad signature' };
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return { ok: false, reason: 'malformed token' };
    return { ok: true, claims: claims as Record<string, unknown> };
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
}

function mac(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}
