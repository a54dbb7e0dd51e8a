import { describe, expect, it } from 'vitest';
import { formatDay, formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('picks the unit and writes the number as the language does', () => {
    expect(formatSize(0, 'en')).toBe('0 B');
    expect(formatSize(1023, 'en')).toBe('1,023 B');
    expect(formatSize(1536, 'en')).toBe('1.5 KB');
    expect(formatSize(5 * 1024 ** 3, 'en')).toBe('5.0 GB');
    expect(formatSize(1536, 'fr')).toBe('1,5 KB');
  });
});

describe('formatDay', () => {
  it('writes the UTC day, whatever the time zone', () => {
    expect(formatDay('2030-06-30T00:00:00.000Z', 'en')).toBe('Jun 30, 2030');
    expect(formatDay('2030-06-30T00:00:00.000Z', 'fr')).toBe('30 juin 2030');
  });
});
