import { describe, expect, it } from 'vitest';
import { formatSize as format } from './format-size.ts';

/** French puts a no-break space between number and unit; compare the words. */
const formatSize = (bytes: number, language: string) => format(bytes, language).replace(/\s/gu, ' ');

describe('formatSize', () => {
  it('steps up by 1000, keeps one decimal below 100, and writes units as the language does', () => {
    expect(formatSize(0, 'en')).toBe('0 bytes');
    expect(formatSize(1, 'en')).toBe('1 byte');
    expect(formatSize(999, 'en')).toBe('999 bytes');
    expect(formatSize(1500, 'en')).toBe('1.5 kB');
    expect(formatSize(159_000_000, 'en')).toBe('159 MB');
    expect(formatSize(5_000_000_000, 'en')).toBe('5 GB');
    expect(formatSize(999, 'fr')).toBe('999 octets');
    expect(formatSize(1500, 'fr')).toBe('1,5 ko');
    expect(formatSize(159_000_000, 'fr')).toBe('159 Mo');
  });

  it('shows one file with one size wherever it appears (the tile and the asset page used to differ)', () => {
    // 159,383,552 bytes: 159 MB on the tiles and 152.0 MB on the asset page before there was one formatter.
    expect(formatSize(159_383_552, 'en')).toBe('159 MB');
  });
});
