import { type Kysely, sql } from 'kysely';

/**
 * Issue 27, a portal downloaded with Rapid: a `rapid` row of `portal_downloads` is written when the node signs the
 * visitor's spec, with the spec's cookie, the node that signed it and the storage paths it named (`paths`); it is
 * `completed_at` once the node's records show every one of those paths completed, and `counted` when that took one of
 * the portal's downloads. An HTTP row is written complete, at its last byte.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portal_downloads drop constraint portal_downloads_method_check`.execute(db);
  await sql`
    alter table portal_downloads
      add constraint portal_downloads_method_check check (method in ('http-file', 'http-zip', 'rapid')),
      add column cookie text,
      add column node_url text,
      add column paths text[],
      add column completed_at timestamptz`.execute(db);
  await sql`update portal_downloads set completed_at = at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from portal_downloads where method = 'rapid'`.execute(db);
  await sql`
    alter table portal_downloads
      drop column cookie, drop column node_url, drop column paths, drop column completed_at,
      drop constraint portal_downloads_method_check`.execute(db);
  await sql`
    alter table portal_downloads
      add constraint portal_downloads_method_check check (method in ('http-file', 'http-zip'))`.execute(db);
}
