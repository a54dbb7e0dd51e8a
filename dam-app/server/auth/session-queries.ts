import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function setCurrentAcl(db: Kysely<Database>, userId: number, aclId: number): Promise<void> {
  await db.updateTable('users').set({ current_acl_id: aclId }).where('id', '=', userId).execute();
}

export async function setSessionAdminMode(
  db: Kysely<Database>,
  sessionId: string,
  enabled: boolean,
): Promise<void> {
  await db.updateTable('sessions').set({ admin_mode: enabled }).where('id', '=', sessionId).execute();
}
