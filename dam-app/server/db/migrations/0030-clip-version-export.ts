import { type Kysely, sql } from 'kysely';

/** A clip may also be exported as a new version of its video (issue 28, R-CLIP-EXPORT). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table video_clips drop constraint video_clips_export_mode_check`.execute(db);
  await sql`alter table video_clips add constraint video_clips_export_mode_check
    check (export_mode in ('asset', 'download', 'version'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update video_clips set export_mode = 'asset' where export_mode = 'version'`.execute(db);
  await sql`alter table video_clips drop constraint video_clips_export_mode_check`.execute(db);
  await sql`alter table video_clips add constraint video_clips_export_mode_check
    check (export_mode in ('asset', 'download'))`.execute(db);
}
