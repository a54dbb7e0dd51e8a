import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, type TokenClaims, verifyToken } from './transfer-token.ts';

const secret = randomBytes(32);
const claims: TokenClaims = {
  v: 1,
  dir: 'send',
  user: 'xfer',
  node_id: 'n1',
  roots: ['/in'],
  exp: 2_000,
  iat: 1_000,
  xfer_id: 'x',
};
const expectOk = { nodeId: 'n1', direction: 'send' as const, nowSeconds: 1_500 };

describe('transfer token', () => {
  it('verifies a token it signed and returns its claims', () => {
    expect(verifyToken(secret, signToken(secret, claims), expectOk)).toEqual({ ok: true, claims });
  });

  it.each([
    [
      'tampered payload',
      (t: string) =>
        t.replace(
          /\.[^.]+\./,
          `.${Buffer.from(JSON.stringify({ ...claims, roots: ['/'] })).toString('base64url')}.`,
        ),
    ],
    ['tampered signature', (t: string) => `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`],
    ['another secret', () => signToken(randomBytes(32), claims)],
    ['not a token', () => 'Basic eHg6eXk='],
    ['empty', () => ''],
  ])('refuses a %s', (_name, mutate) => {
    expect(verifyToken(secret, mutate(signToken(secret, claims)), expectOk).ok).toBe(false);
  });

  it('refuses an expired token after the leeway, accepts within it', () => {
    const token = signToken(secret, claims);
    expect(verifyToken(secret, token, { ...expectOk, nowSeconds: 2_020 }).ok).toBe(true);
    expect(verifyToken(secret, token, { ...expectOk, nowSeconds: 2_031 })).toEqual({
      ok: false,
      reason: 'token expired',
    });
  });

  it('binds direction and node', () => {
    const token = signToken(secret, claims);
    expect(verifyToken(secret, token, { ...expectOk, direction: 'receive' }).ok).toBe(false);
    expect(verifyToken(secret, token, { ...expectOk, nodeId: 'n2' }).ok).toBe(false);
  });
});

describe('transfer token bound to its transfer cookie', () => {
  const bound = signToken(secret, { ...claims, cookie: 'jdoe,2026-11-26T10:00:00Z,1,in,in' });
  it('accepts the cookie it was minted for', () => {
    expect(verifyToken(secret, bound, { ...expectOk, cookie: 'jdoe,2026-11-26T10:00:00Z,1,in,in' }).ok).toBe(
      true,
    );
  });

  it.each([
    ['another cookie', 'mallory,2026-11-26T10:00:00Z,1,in,in'],
    ['no cookie', ''],
    ['a null cookie', null],
  ])('refuses %s', (_name, cookie) => {
    expect(verifyToken(secret, bound, { ...expectOk, cookie })).toEqual({
      ok: false,
      reason: 'token is for another transfer cookie',
    });
  });

  it('a token minted without a cookie refuses a hello that adds one', () => {
    const none = signToken(secret, { ...claims, cookie: null });
    expect(verifyToken(secret, none, { ...expectOk, cookie: '' }).ok).toBe(true);
    expect(verifyToken(secret, none, { ...expectOk, cookie: 'jdoe,x,1,in,in' }).ok).toBe(false);
  });
});
