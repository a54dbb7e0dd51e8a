import { type Kysely, sql } from 'kysely';

/**
 * The loading dock under the transfer node's docroot (R-DOCK-PLACE): a dock's row is written before any of its files,
 * in state `preparing`, with the storage-relative folder its files go to (`LoadingDock/<notification id>`, or with
 * the `~$` prefix), so a crash at any point leaves only files inside a folder a row names and its clean-up removes.
 * A job places the files; a dock is `converting` while it waits for conversions, then `ready` (its failed items,
 * if any, carry their message) or `failed` when nothing could be placed. Docks from before keep `folder` null:
 * their files were in the old area beside the storage root, which the node never served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table loading_docks add column state text not null default 'ready'
    check (state in ('preparing', 'converting', 'ready', 'failed'))`.execute(db);
  await sql`alter table loading_docks add column folder text`.execute(db);
  await sql`alter table loading_docks add column placed_size bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table loading_docks drop column placed_size`.execute(db);
  await sql`alter table loading_docks drop column folder`.execute(db);
  await sql`alter table loading_docks drop column state`.execute(db);
}
