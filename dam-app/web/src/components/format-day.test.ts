import { describe, expect, it } from 'vitest';
import { formatDay } from './format-day.ts';

describe('formatDay', () => {
  it('writes the UTC day, whatever the time zone', () => {
    expect(formatDay('2030-06-30T00:00:00.000Z', 'en')).toBe('Jun 30, 2030');
    expect(formatDay('2030-06-30T00:00:00.000Z', 'fr')).toBe('30 juin 2030');
  });
});
