/** PostgreSQL's unique_violation (23505): a unique index refused the row, the same on PGlite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
