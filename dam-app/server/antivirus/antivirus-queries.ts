import type { Kysely } from 'kysely';
import type { Database, UploadScansTable } from '../db/schema.ts';

type NewScan = Omit<UploadScansTable, 'id' | 'scanned_at'>;

export async function recordScan(db: Kysely<Database>, scan: NewScan): Promise<void> {
  await db.insertInto('upload_scans').values(scan).execute();
}

/** The active administrators' mail addresses, the people told of an infected upload. */
export async function administratorEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('is_admin', '=', true)
    .where('status', '=', 'active')
    .where('email', 'is not', null)
    .execute();
  return rows.map((row) => row.email as string);
}

/** Scans by result since a moment: the health and status screens' counts. */
export async function scanCountsSince(db: Kysely<Database>, since: Date) {
  return db
    .selectFrom('upload_scans')
    .select(['result', db.fn.countAll<string>().as('count')])
    .where('scanned_at', '>=', since)
    .groupBy('result')
    .execute();
}
