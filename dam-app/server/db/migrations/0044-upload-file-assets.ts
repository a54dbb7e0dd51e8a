import { type Kysely, sql } from 'kysely';

/**
 * R-UPLOAD-FORM: each file an accelerated upload registered records the asset its ingest made or versioned
 * (`asset_id`) and when it was settled (ingested, refused by the antivirus, or not an asset file), so the upload
 * progress dialog can wait for the upload's assets and apply the upload form to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_files add column asset_id integer references assets on delete set null`.execute(
    db,
  );
  await sql`alter table upload_files add column settled_at timestamptz`.execute(db);
}
