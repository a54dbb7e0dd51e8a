import { describe, expect, it } from 'vitest';
import { dateWindow } from './date-window.ts';

const now = new Date('2026-03-15T13:30:00Z');
const iso = (window: { from: Date | undefined; to: Date | undefined }) => [
  window.from?.toISOString(),
  window.to?.toISOString(),
];

describe('dateWindow (R-DATE-OPTIONS date options)', () => {
  it.each([
    [{ lastDays: 5 }, ['2026-03-11T00:00:00.000Z', '2026-03-16T00:00:00.000Z']],
    [{ filter: 'today' }, ['2026-03-15T00:00:00.000Z', '2026-03-16T00:00:00.000Z']],
    [{ filter: '3days' }, ['2026-03-13T00:00:00.000Z', '2026-03-16T00:00:00.000Z']],
    [{ filter: '30days' }, ['2026-02-14T00:00:00.000Z', '2026-03-16T00:00:00.000Z']],
    [{ filter: 'lastMonth' }, ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']],
    [{ filter: 'lastYear' }, ['2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']],
    [{ range: 'last3days' }, ['2026-03-12T13:30:00.000Z', undefined]],
    [{ range: 'last3months' }, ['2025-12-15T13:30:00.000Z', undefined]],
    [{ range: 'last12months' }, ['2025-03-15T13:30:00.000Z', undefined]],
    [{ from: '2026-01-01T00:00:00Z', filter: 'today' }, ['2026-01-01T00:00:00.000Z', undefined]],
  ] as const)('%j', (options, expected) => {
    expect(iso(dateWindow({ field: 'dateAdded', ...options }, now))).toEqual(expected);
  });
});
