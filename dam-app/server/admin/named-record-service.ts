import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Principal } from '../access/principal.ts';
import { type ApiError, type NotFoundKind, notFound } from '../api/api-error.ts';
import { type AuditEvent, audit } from '../audit/audit.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import {
  deleteNamedRow,
  insertNamedRow,
  type NamedTable,
  namedRows,
  updateNamedRow,
} from './named-record-queries.ts';

/** What differs between the administered named records (ACLs, groups); their list, create, update, delete are one. */
export interface NamedRecordKind<T extends NamedTable, Body extends { name: string }, View> {
  table: T;
  /** The record's name in a 404 ("ACL", "group"). */
  noun: NotFoundKind;
  /** The 409 for a name another record has. */
  nameTaken(): ApiError;
  saved: AuditEvent;
  deleted: AuditEvent;
  columns(body: Body): Insertable<Database[T]> & Updateable<Database[T]>;
  /** Writes the record's links (grants, members) from the body; unknown ids are refused as not found. */
  saveLinks(trx: Kysely<Database>, id: number, body: Body): Promise<void>;
  /** The rows as the API shows them, with their links. */
  views(db: Kysely<Database>, rows: Awaited<ReturnType<typeof namedRows<T>>>): Promise<View[]>;
  auditDetails(body: Body, change: 'created' | 'updated'): Record<string, unknown> | undefined;
}

export function namedRecords<T extends NamedTable, Body extends { name: string }, View>(
  kind: NamedRecordKind<T, Body, View>,
) {
  const view = async (db: Kysely<Database>, id: number) =>
    (await kind.views(db, await namedRows(db, kind.table, id)))[0] as View;
  const saved = (
    trx: Kysely<Database>,
    principal: Principal,
    body: Body,
    ip: string,
    change: 'created' | 'updated',
  ) =>
    audit(trx, {
      actorId: principal.user.id,
      event: kind.saved,
      target: body.name,
      ip,
      ...(kind.auditDetails(body, change) ? { details: kind.auditDetails(body, change) } : {}),
    });
  return {
    list: async (services: DamServices) => kind.views(services.db, await namedRows(services.db, kind.table)),

    async create(services: DamServices, principal: Principal, body: Body, ip: string) {
      const id = await services.db.transaction().execute(async (trx) => {
        const id = await insertNamedRow(trx, kind.table, kind.columns(body));
        if (id === undefined) throw kind.nameTaken();
        await kind.saveLinks(trx, id, body);
        await saved(trx, principal, body, ip, 'created');
        return id;
      });
      return view(services.db, id);
    },

    async update(services: DamServices, principal: Principal, id: number, body: Body, ip: string) {
      // The unique index on lower(name) is the one check of a clash, also between two renames at once.
      await services.db
        .transaction()
        .execute(async (trx) => {
          if ((await updateNamedRow(trx, kind.table, id, kind.columns(body))) === undefined)
            throw notFound(kind.noun);
          await kind.saveLinks(trx, id, body);
          await saved(trx, principal, body, ip, 'updated');
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? kind.nameTaken() : error;
        });
      return view(services.db, id);
    },

    async remove(services: DamServices, principal: Principal, id: number, ip: string) {
      const name = await deleteNamedRow(services.db, kind.table, id);
      if (name === undefined) throw notFound(kind.noun);
      await audit(services.db, { actorId: principal.user.id, event: kind.deleted, target: name, ip });
    },
  };
}
