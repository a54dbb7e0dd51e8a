import { type Kysely, sql } from 'kysely';

/**
 * R-NOTIFY-MAIL-TYPES: how each notification type is mailed, where it differs from the person's one setting (`mail`
 * stays the default of every type not named), and the language the person's mails are written in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_settings add column types jsonb not null default '{}'::jsonb`.execute(
    db,
  );
  await sql`alter table notification_settings add column language text not null default 'en'
    check (language in ('en', 'fr'))`.execute(db);
}
