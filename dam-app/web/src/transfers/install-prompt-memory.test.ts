import { describe, expect, it } from 'vitest';
import {
  INSTALL_PROMPT_CLOSED_KEY,
  installPromptClosed,
  rememberInstallPromptClosed,
} from './install-prompt-memory.ts';

function memory(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('the closed install prompt', () => {
  it('is remembered for the session once closed', () => {
    const storage = memory();
    expect(installPromptClosed(storage)).toBe(false);
    rememberInstallPromptClosed(storage);
    expect(storage.data.get(INSTALL_PROMPT_CLOSED_KEY)).toBe('1');
    expect(installPromptClosed(storage)).toBe(true);
  });

  it('treats storage that throws as never closed, without an error', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberInstallPromptClosed(refusing)).not.toThrow();
    expect(installPromptClosed(refusing)).toBe(false);
    expect(installPromptClosed(undefined)).toBe(false);
  });
});
