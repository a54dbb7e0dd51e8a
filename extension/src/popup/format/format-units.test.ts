import { describe, expect, it } from 'vitest';
import { formatBytes, formatRate, formatTimeLeft } from './format-units.ts';

describe('formatRate', () => {
  it.each([
    [0, '—'],
    [640, '640 kbit/s'],
    [12_345, '12.3 Mbit/s'],
    [2_500_000, '2.50 Gbit/s'],
  ])('%i kbit/s → %s', (kbps, text) => expect(formatRate(kbps)).toBe(text));
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KiB'],
    [5 * 1024 ** 3, '5.0 GiB'],
  ])('%i → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('formatTimeLeft', () => {
  it.each([
    [undefined, ''],
    [0, ''],
    [1_500_000, '2 s left'],
    [125_000_000, '2 min 5 s left'],
    [3_725_000_000, '1 h 2 min left'],
  ])('%s µs → "%s"', (usec, text) => expect(formatTimeLeft(usec)).toBe(text));
});
