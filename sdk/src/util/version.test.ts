import { describe, expect, it } from 'vitest';
import { compareVersions, highestVersion, isAtLeast } from './version.ts';

describe('compareVersions', () => {
  it.each([
    ['3.9.0', '3.8.0', 1],
    ['3.8.0', '3.10.1', -1],
    ['4', '4.4.2', 0],
    ['1', '1.2', 0],
    ['3.11.2.63', '3.11.2', 0],
    ['4.2.0', '4.2.0', 0],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('ignores parts that are not numbers', () => {
    expect(compareVersions('3.x.9', '3.9')).toBe(0);
  });

  it('never lets a page lower the secure minimum', () => {
    expect(highestVersion('3.6', '3.8.0')).toBe('3.8.0');
    expect(isAtLeast('4.2.0', highestVersion('3.10.1', '3.8.0'))).toBe(true);
  });
});
