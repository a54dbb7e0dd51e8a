/** A day (an expiry) as the language writes it; expiries are days in UTC, so the day shown is the same everywhere. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
