import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketRange } from './calendar-bucket.ts';

describe('calendar buckets', () => {
  it('covers a day, a week from its Sunday, and a whole month', () => {
    expect(bucketRange('2024-02-10', 'day')).toEqual({
      from: '2024-02-10T00:00:00.000Z',
      to: '2024-02-10T23:59:59.999Z',
    });
    expect(bucketRange('2024-02-04', 'week').to).toBe('2024-02-10T23:59:59.999Z');
    expect(bucketRange('2024-02-01', 'month').to).toBe('2024-02-29T23:59:59.999Z');
    expect(bucketRange('2024-12-01', 'month').to).toBe('2024-12-31T23:59:59.999Z');
  });

  it('names a bucket in the person’s language', () => {
    expect(bucketLabel('2024-03-01', 'month', 'en')).toBe('March 2024');
    expect(bucketLabel('2024-03-01', 'month', 'fr')).toBe('mars 2024');
    expect(bucketLabel('2024-02-10', 'day', 'en')).toBe('Feb 10, 2024');
  });
});
