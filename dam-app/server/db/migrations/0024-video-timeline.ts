import { type Kysely, sql } from 'kysely';

/**
 * Issue 28, the video timeline: cue points and clips, each kept per asset version (the version the asset had when
 * it was made), times in whole milliseconds. A cue point's time is unique on its version (R-CUE-POINT). A clip
 * records its export: the job's state and progress, what it was exported as, and the failure's text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table video_cue_points (
      id integer generated always as identity primary key,
      asset_id integer not null references assets (id) on delete cascade,
      version_number integer not null,
      time_ms integer not null check (time_ms >= 0),
      label text not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (asset_id, version_number, time_ms)
    )`.execute(db);
  await sql`
    create table video_clips (
      id integer generated always as identity primary key,
      asset_id integer not null references assets (id) on delete cascade,
      version_number integer not null,
      name text not null,
      in_ms integer not null check (in_ms >= 0),
      out_ms integer not null,
      export_state text not null default 'none'
        check (export_state in ('none', 'queued', 'running', 'ready', 'failed')),
      export_mode text check (export_mode in ('asset', 'download')),
      export_progress integer not null default 0,
      export_error text,
      export_key text,
      export_asset_id integer references assets (id) on delete set null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      check (out_ms > in_ms)
    )`.execute(db);
  await sql`create index video_clips_asset_idx on video_clips (asset_id, version_number)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table video_clips`.execute(db);
  await sql`drop table video_cue_points`.execute(db);
}
