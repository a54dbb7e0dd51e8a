export type CalendarUnit = 'day' | 'week' | 'month';

/** The instants a calendar bucket covers (UTC, as the server buckets): its start and its last millisecond. */
export function bucketRange(start: string, unit: CalendarUnit): { from: string; to: string } {
  const from = new Date(`${start}T00:00:00.000Z`);
  const next = new Date(from);
  if (unit === 'day') next.setUTCDate(next.getUTCDate() + 1);
  else if (unit === 'week') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: from.toISOString(), to: new Date(next.getTime() - 1).toISOString() };
}

/** A bucket's title in the person's language: "March 2024", or the day (a week is named by its Sunday). */
export function bucketLabel(start: string, unit: CalendarUnit, language: string): string {
  const date = new Date(`${start}T00:00:00.000Z`);
  const options: Intl.DateTimeFormatOptions =
    unit === 'month'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(date);
}
