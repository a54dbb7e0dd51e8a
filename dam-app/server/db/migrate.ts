import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { isUniqueViolation } from './unique-violation.ts';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema to the latest version. Kysely serialises migrators with an advisory lock, so servers that start
 * together take turns; the first start's `create table if not exists` of Kysely's own tables can still collide, so a
 * collision is retried.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error)
      return (results ?? []).filter((each) => each.status === 'Success').map((each) => each.migrationName);
    if (attempt >= 5 || !isCreateRace(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

function isCreateRace(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // unique_violation on pg_type / duplicate_table when two servers create the bookkeeping tables at once
  return isUniqueViolation(error) || code === '42P07';
}
