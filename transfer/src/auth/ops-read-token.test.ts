import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type OpsReadClaims, signOpsReadToken, verifyOpsReadToken } from './ops-read-token.ts';
import { signToken } from './transfer-token.ts';

const secret = randomBytes(32);
const claims: OpsReadClaims = { v: 1, node_id: 'n1', cookie: 'ada,1,2,/in,/in', iat: 1000, exp: 1600 };

describe('ops read token', () => {
  it('verifies a token it signed', () => {
    expect(
      verifyOpsReadToken(secret, signOpsReadToken(secret, claims), { nodeId: 'n1', nowSeconds: 1500 }),
    ).toEqual({
      ok: true,
      claims,
    });
  });
  it.each([
    ['expired', signOpsReadToken(secret, claims), { nodeId: 'n1', nowSeconds: 1700 }],
    ['from another node', signOpsReadToken(secret, claims), { nodeId: 'n2', nowSeconds: 1500 }],
    [
      'signed with another secret',
      signOpsReadToken(randomBytes(32), claims),
      { nodeId: 'n1', nowSeconds: 1500 },
    ],
    [
      'a transfer token',
      signToken(secret, {
        v: 1,
        dir: 'send',
        user: 'x',
        node_id: 'n1',
        roots: ['/'],
        exp: 2000,
        iat: 1000,
        xfer_id: 'x',
      }),
      { nodeId: 'n1', nowSeconds: 1500 },
    ],
  ])('refuses a token %s', (_name, token, expect_) => {
    expect(verifyOpsReadToken(secret, token, expect_).ok).toBe(false);
  });
  it('refuses a token whose cookie was changed', () => {
    const [prefix, , signature] = signOpsReadToken(secret, claims).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, cookie: 'someone,else,,,' })).toString(
      'base64url',
    );
    expect(
      verifyOpsReadToken(secret, `${prefix}.${forged}.${signature}`, { nodeId: 'n1', nowSeconds: 1500 }).ok,
    ).toBe(false);
  });
});
