import type { Insertable, Kysely } from 'kysely';
import type { Database, UploadScansTable } from '../db/schema.ts';

type NewScan = Omit<Insertable<UploadScansTable>, 'id' | 'scanned_at'>;

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

/** R-QUARANTINE: uploads waiting on an administrator — quarantined as infected, or let in unscanned — newest first. */
export const quarantineRows = (db: Kysely<Database>, id?: number) => {
  let select = db
    .selectFrom('upload_scans')
    .leftJoin('users', 'users.id', 'upload_scans.user_id')
    .select([
      'upload_scans.id',
      'upload_scans.path',
      'upload_scans.via',
      'upload_scans.result',
      'upload_scans.signature',
      'upload_scans.reason',
      'upload_scans.quarantine_path',
      'upload_scans.scanned_at',
      'upload_scans.user_id',
      'users.username',
    ])
    .where('upload_scans.result', 'in', ['infected', 'unscanned'])
    .where('upload_scans.resolution', 'is', null)
    .orderBy('upload_scans.id', 'desc')
    .limit(500);
  if (id !== undefined) select = select.where('upload_scans.id', '=', id);
  return select.execute();
};

export const resolveScan = (db: Kysely<Database>, id: number, resolution: 'released' | 'clean' | 'deleted') =>
  db
    .updateTable('upload_scans')
    .set({ resolution, resolved_at: new Date() })
    .where('id', '=', id)
    .where('resolution', 'is', null)
    .executeTakeFirst();

/** A rescan that still finds it infected: its signature now. */
export const rescanFoundInfected = (db: Kysely<Database>, id: number, signature: string) =>
  db.updateTable('upload_scans').set({ signature, scanned_at: new Date() }).where('id', '=', id).execute();

/** A rescan found a file let in unscanned infected: it is now quarantined. */
export const markQuarantined = (
  db: Kysely<Database>,
  id: number,
  signature: string,
  quarantinePath: string,
) =>
  db
    .updateTable('upload_scans')
    .set({ result: 'infected', signature, quarantine_path: quarantinePath, scanned_at: new Date() })
    .where('id', '=', id)
    .execute();
