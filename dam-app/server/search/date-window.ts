import type { SearchRequest } from '../../api/search.ts';

const DAY = 86_400_000;

const startOfDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const monthsBefore = (date: Date, months: number) => {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
};

/**
 * The half-open window [from, to) of R-DATE-OPTIONS date options, in UTC. "Last N days" and the N-day filters count
 * back from the start of today (today included); the last full month and year are the previous calendar ones;
 * ranges count back from now. An explicit from/to pair wins over the presets.
 */
export function dateWindow(
  date: NonNullable<SearchRequest['date']>,
  now: Date,
): { from: Date | undefined; to: Date | undefined } {
  if (date.from || date.to)
    return { from: date.from ? new Date(date.from) : undefined, to: date.to ? new Date(date.to) : undefined };
  const today = startOfDay(now);
  const tomorrow = new Date(today.getTime() + DAY);
  if (date.lastDays) return { from: new Date(tomorrow.getTime() - date.lastDays * DAY), to: tomorrow };
  switch (date.filter) {
    case 'today':
      return { from: today, to: tomorrow };
    case '3days':
      return { from: new Date(tomorrow.getTime() - 3 * DAY), to: tomorrow };
    case '7days':
      return { from: new Date(tomorrow.getTime() - 7 * DAY), to: tomorrow };
    case '30days':
      return { from: new Date(tomorrow.getTime() - 30 * DAY), to: tomorrow };
    case 'lastMonth': {
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      return { from: monthsBefore(thisMonth, 1), to: thisMonth };
    }
    case 'lastYear':
      return {
        from: new Date(Date.UTC(now.getUTCFullYear() - 1, 0, 1)),
        to: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)),
      };
  }
  switch (date.range) {
    case 'last3days':
      return { from: new Date(now.getTime() - 3 * DAY), to: undefined };
    case 'last7days':
      return { from: new Date(now.getTime() - 7 * DAY), to: undefined };
    case 'lastMonth':
      return { from: monthsBefore(now, 1), to: undefined };
    case 'last3months':
      return { from: monthsBefore(now, 3), to: undefined };
    case 'last6months':
      return { from: monthsBefore(now, 6), to: undefined };
    case 'last12months':
      return { from: monthsBefore(now, 12), to: undefined };
  }
  return { from: undefined, to: undefined };
}
