import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { entropyPerCharacter, resolveAppId } from './app-id.ts';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('app id', () => {
  it('measures Shannon entropy per character', () => {
    expect(entropyPerCharacter('aaaa')).toBe(0);
    expect(entropyPerCharacter('abcd')).toBe(2);
    expect(entropyPerCharacter('0123456789abcdef')).toBe(4);
  });

  it('generates base64 of a UUID, remembers it, and does not warn about it', () => {
    const appId = resolveAppId();
    expect(atob(appId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('connect-app-id')).toBe(appId);
    expect(resolveAppId()).toBe(appId);
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses the page id and warns when its entropy is 3.8 bits per character or less', () => {
    expect(resolveAppId('my-app')).toBe('my-app');
    expect(warn).toHaveBeenCalledWith('WARNING: app_id field entropy might be too low.');
  });
});
