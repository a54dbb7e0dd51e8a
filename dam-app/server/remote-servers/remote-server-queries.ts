import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database, RemoteServersTable, RemoteTransfersTable } from '../db/schema.ts';

export interface RemoteServerColumns {
  name: string;
  protocol: RemoteServersTable['protocol'];
  host: string;
  port: number;
  username: string;
  password_sealed?: string | null;
  private_key_sealed?: string | null;
  host_key?: string | null;
  destination: string;
  description: string;
  pc_format: boolean;
}

const serverColumns = [
  'id',
  'name',
  'protocol',
  'host',
  'port',
  'username',
  'destination',
  'description',
  'pc_format',
  'host_key',
  sql<boolean>`private_key_sealed is not null`.as('has_private_key'),
] as const;

/** Every server (or one), by name; without the sealed password. */
export function remoteServerRows(db: Kysely<Database>, id?: number) {
  let select = db.selectFrom('remote_servers').select(serverColumns).orderBy(sql`lower(name)`);
  if (id !== undefined) select = select.where('id', '=', id);
  return select.execute();
}

/** One server with its sealed password: only the connection code reads it. */
export const remoteServerLogin = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('remote_servers')
    .select([...serverColumns, 'password_sealed', 'private_key_sealed'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Inserts, or answers undefined when the name is taken (any case). */
export async function insertRemoteServer(db: Kysely<Database>, values: RemoteServerColumns) {
  const row = await db
    .insertInto('remote_servers')
    .values(values)
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateRemoteServer(db: Kysely<Database>, id: number, values: RemoteServerColumns) {
  const row = await db
    .updateTable('remote_servers')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** R-REMOTE-SFTP: the host key seen at the first connection, unless one was recorded meanwhile. */
export const recordHostKey = (db: Kysely<Database>, id: number, hostKey: string) =>
  db
    .updateTable('remote_servers')
    .set({ host_key: hostKey })
    .where('id', '=', id)
    .where('host_key', 'is', null)
    .execute();

/** R-REMOTE-SFTP: forgets the recorded host key (the next connection records the key it is shown). */
export async function forgetHostKey(db: Kysely<Database>, id: number) {
  const result = await db
    .updateTable('remote_servers')
    .set({ host_key: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRemoteServerRow(db: Kysely<Database>, id: number) {
  const result = await db.deleteFrom('remote_servers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertRemoteTransfer(db: Kysely<Database>, values: Insertable<RemoteTransfersTable>) {
  const row = await db
    .insertInto('remote_transfers')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The latest transfers (or one), newest first. */
export function remoteTransferRows(db: Kysely<Database>, id?: number, limit = 50) {
  let select = db.selectFrom('remote_transfers').selectAll().orderBy('id', 'desc').limit(limit);
  if (id !== undefined) select = select.where('id', '=', id);
  return select.execute();
}

export function updateRemoteTransfer(
  db: Kysely<Database>,
  id: number,
  values: Updateable<RemoteTransfersTable>,
) {
  return db.updateTable('remote_transfers').set(values).where('id', '=', id).execute();
}

/** The live originals of these assets, by id (trashed ones left out). */
export const assetOriginals = (db: Kysely<Database>, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('assets')
        .select(['id', 'path', 'size'])
        .where('id', 'in', ids)
        .where('status', '<>', 'trashed')
        .execute();
