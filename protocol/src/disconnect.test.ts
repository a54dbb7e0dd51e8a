import { describe, expect, it } from 'vitest';
import { isInstallIssue } from './disconnect.ts';

describe('isInstallIssue', () => {
  it.each([
    'Specified native messaging host not found.',
    'Error when communicating with the native messaging host.',
    'Access to the specified native messaging host is forbidden.',
    'No such native application com.rapid.native_host',
  ])('treats "%s" as not installed', (text) => {
    expect(isInstallIssue(text)).toBe(true);
  });

  it('treats anything else as transient', () => {
    expect(isInstallIssue('Native host has exited.')).toBe(false);
    expect(isInstallIssue('')).toBe(false);
  });
});
