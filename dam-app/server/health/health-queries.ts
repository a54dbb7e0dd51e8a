import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The cheapest statement that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migrations this database has applied (Kysely's own bookkeeping table). */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}
