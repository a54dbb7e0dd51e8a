import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('steps up by 1000 and keeps one decimal below 100', () => {
    expect(formatSize(999, 'en')).toBe('999 B');
    expect(formatSize(1500, 'en')).toBe('1.5 KB');
    expect(formatSize(250_000_000, 'en')).toBe('250 MB');
    expect(formatSize(1500, 'fr')).toBe('1,5 KB');
  });
});
