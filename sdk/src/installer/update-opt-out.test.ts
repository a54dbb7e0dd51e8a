import { beforeEach, describe, expect, it } from 'vitest';
import { isUpdateOptedOut, recordUpdateOptOut } from './update-opt-out.ts';

beforeEach(() => localStorage.clear());

describe('update opt-out', () => {
  it('stores seconds and holds for 1440 s', () => {
    const at = 1_700_000_000_000;
    recordUpdateOptOut(at);
    expect(localStorage.getItem('connect-version-continued')).toBe('1700000000');
    expect(isUpdateOptedOut(at + 1439_000)).toBe(true);
    expect(isUpdateOptedOut(at + 1440_000)).toBe(false);
  });

  it('is off when nothing or garbage is stored', () => {
    expect(isUpdateOptedOut(Date.now())).toBe(false);
    localStorage.setItem('connect-version-continued', 'soon');
    expect(isUpdateOptedOut(Date.now())).toBe(false);
  });
});
