import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The administered tables whose rows have a unique name (the index on lower(name)): ACLs and groups. */
export type NamedTable = 'acls' | 'groups';

// Kysely cannot follow a query over a union of table names: the queries are written for one (their columns are the
// same where they touch them) and typed by the table each call is given.

/** Every row by name, or the one with this id. */
export function namedRows<T extends NamedTable>(db: Kysely<Database>, table: T, id?: number) {
  let query = db
    .selectFrom(table as 'groups')
    .selectAll()
    .orderBy(sql`lower(name)`);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute() as Promise<Selectable<Database[T]>[]>;
}

/** The new row's id, or nothing when the name is taken. */
export const insertNamedRow = async <T extends NamedTable>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
) =>
  (
    await db
      .insertInto(table as 'groups')
      .values(values as Insertable<Database['groups']>)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The changed row's id, or nothing when there is none (a clash of names throws the unique violation). */
export const updateNamedRow = async <T extends NamedTable>(
  db: Kysely<Database>,
  table: T,
  id: number,
  values: Updateable<Database[T]>,
) =>
  (
    await db
      .updateTable(table as 'groups')
      .set(values as Updateable<Database['groups']>)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** The deleted row's name, or nothing when there was none. */
export const deleteNamedRow = async (db: Kysely<Database>, table: NamedTable, id: number) =>
  (
    await db
      .deleteFrom(table as 'groups')
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst()
  )?.name;
