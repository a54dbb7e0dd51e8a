import { type Kysely, sql } from 'kysely';

/**
 * R-NOTIFY-MAIL-TYPES: how each notification type is mailed, where it differs from the person's one setting (`mail`
 * stays the default of every type not named), and the language the person's mails are written in.
 * R-CLIP-EXPORT: a clip may also be exported into its exporter's loading dock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_settings add column types jsonb not null default '{}'::jsonb`.execute(
    db,
  );
  await sql`alter table notification_settings add column language text not null default 'en'
    check (language in ('en', 'fr'))`.execute(db);
  await sql`alter table video_clips drop constraint video_clips_export_mode_check`.execute(db);
  await sql`alter table video_clips add constraint video_clips_export_mode_check
    check (export_mode in ('asset', 'download', 'version', 'dock'))`.execute(db);
}
