import { describe, expect, it } from 'vitest';
import { ConnectFailure } from '../daemon/connect-failure.ts';
import { type AllowedRead, ReadTokens } from './read-tokens.ts';

const PAGE = 'https://dam.example';
const READ: AllowedRead = { route: 'read-as-array-buffer', path: '/home/u/a.bin' };

function refused(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ConnectFailure ? error.status : -1;
  }
  return undefined;
}

describe('ReadTokens', () => {
  it('gives the issuing origin the read it was issued for, once', () => {
    const tokens = new ReadTokens();
    const { token } = tokens.issue(PAGE, READ);
    expect(tokens.redeem(token, PAGE)).toEqual(READ);
    expect(refused(() => tokens.redeem(token, PAGE))).toBe(403);
  });

  it('refuses another origin, a missing origin and the opaque origin, and burns the token doing so', () => {
    const tokens = new ReadTokens();
    for (const other of [
      'https://evil.example',
      'https://dam.example:444',
      'http://dam.example',
      undefined,
      'null',
    ]) {
      const { token } = tokens.issue(PAGE, READ);
      expect(refused(() => tokens.redeem(token, other))).toBe(403);
      expect(refused(() => tokens.redeem(token, PAGE))).toBe(403);
    }
  });

  it('refuses a token after its expiry', () => {
    let now = 1_000;
    const tokens = new ReadTokens(30_000, () => now);
    const early = tokens.issue(PAGE, READ);
    const late = tokens.issue(PAGE, READ);
    now += 29_999;
    expect(tokens.redeem(early.token, PAGE)).toEqual(READ);
    now += 1;
    expect(refused(() => tokens.redeem(late.token, PAGE))).toBe(403);
  });

  it('refuses tokens it never issued, and issues unguessable ones', () => {
    const tokens = new ReadTokens();
    expect(refused(() => tokens.redeem('', PAGE))).toBe(403);
    expect(refused(() => tokens.redeem('x'.repeat(43), PAGE))).toBe(403);
    const issued = new Set(Array.from({ length: 100 }, () => tokens.issue(PAGE, READ).token));
    expect(issued.size).toBe(100);
    for (const token of issued) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps each token to its own read', () => {
    const tokens = new ReadTokens();
    const chunk: AllowedRead = { route: 'read-chunk-as-array-buffer', path: '/b', offset: 10, chunkSize: 5 };
    const a = tokens.issue(PAGE, READ);
    const b = tokens.issue(PAGE, chunk);
    expect(tokens.redeem(b.token, PAGE)).toEqual(chunk);
    expect(tokens.redeem(a.token, PAGE)).toEqual(READ);
  });
});
