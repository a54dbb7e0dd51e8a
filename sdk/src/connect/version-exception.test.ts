import { beforeEach, describe, expect, it } from 'vitest';
import { versionExceptionActive } from './version-exception.ts';

beforeEach(() => localStorage.clear());

describe('versionExceptionActive', () => {
  it('holds for 1440 s after the stored continue time (seconds)', () => {
    const now = 1_700_000_000_000;
    expect(versionExceptionActive(now)).toBe(false);
    localStorage.setItem('connect-version-continued', String(now / 1000 - 1439));
    expect(versionExceptionActive(now)).toBe(true);
    localStorage.setItem('connect-version-continued', String(now / 1000 - 1440));
    expect(versionExceptionActive(now)).toBe(false);
  });
});
