import { describe, expect, it } from 'vitest';
import { updateDialog } from './update-rule.ts';

describe('updateDialog', () => {
  it('offers continue below the secure minimum when the page does not force an upgrade', () => {
    expect(updateDialog('3.7.4', '')).toBe('continue');
    expect(updateDialog('3.7.4', '3.6.0')).toBe('continue');
  });

  it('asks for the update when the page’s minimum forces it', () => {
    expect(updateDialog('3.7.4', '3.9.0')).toBe('update');
    expect(updateDialog('4.2.0', '5.0.0')).toBe('update');
  });

  it('asks for the update at or above the secure minimum, and when the version is unknown', () => {
    expect(updateDialog('3.8.0', '')).toBe('update');
    expect(updateDialog(undefined, '')).toBe('update');
  });
});
