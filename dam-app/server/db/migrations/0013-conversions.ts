import { type Kysely, sql } from 'kysely';

// Conversion presets (an administrator's list, seeded below) and the conversions made with them, one row per asset
// version and preset: the cache. A preset's `revision` goes up with each change; a conversion records the revision
// it was made with, so a changed preset converts again. `storage_key` is in the conversions area.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversion_presets (
      id integer generated always as identity primary key,
      name text not null,
      description text not null default '',
      kind text not null check (kind in ('image', 'video', 'audio')),
      settings jsonb not null,
      revision integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index conversion_presets_name_idx on conversion_presets (lower(name))`.execute(db);

  await sql`
    create table conversions (
      version_id integer not null references asset_versions (id) on delete cascade,
      preset_id integer not null references conversion_presets (id) on delete cascade,
      preset_revision integer not null,
      state text not null check (state in ('converting', 'ready', 'failed')),
      storage_key text,
      file_name text,
      media_type text,
      size bigint,
      error text,
      updated_at timestamptz not null default now(),
      primary key (version_id, preset_id)
    )`.execute(db);
  await sql`create index conversions_preset_idx on conversions (preset_id)`.execute(db);

  for (const [name, description, kind, settings] of SEEDS)
    await sql`insert into conversion_presets (name, description, kind, settings)
      values (${name}, ${description}, ${kind}, ${JSON.stringify({ ...DEFAULTS, ...settings })}::jsonb)`.execute(
      db,
    );
}

const DEFAULTS = {
  platform: 'any',
  width: null,
  height: null,
  scale: null,
  rotate: 0,
  startSeconds: null,
  durationSeconds: null,
  colorspace: null,
  destinationProfile: null,
  quality: 85,
};

const SEEDS: [string, string, string, Record<string, unknown>][] = [
  [
    'Web JPEG 2000 px sRGB',
    'Longest side 2000 px, sRGB with its profile, for web pages.',
    'image',
    {
      platform: 'web',
      format: 'jpeg',
      width: 2000,
      height: 2000,
      colorspace: 'srgb',
      destinationProfile: 'srgb',
    },
  ],
  [
    'Web WebP 1200 px',
    'Longest side 1200 px, sRGB, WebP.',
    'image',
    { platform: 'web', format: 'webp', width: 1200, height: 1200, colorspace: 'srgb', quality: 80 },
  ],
  [
    'Print TIFF CMYK',
    'Full size, CMYK with a CMYK profile, TIFF.',
    'image',
    { platform: 'print', format: 'tiff', colorspace: 'cmyk', destinationProfile: 'cmyk' },
  ],
  [
    'Greyscale PNG 1000 px',
    'Longest side 1000 px, greyscale, PNG.',
    'image',
    { format: 'png', width: 1000, height: 1000, colorspace: 'b-w' },
  ],
  [
    'Half-size JPEG',
    'Half the original size, sRGB, JPEG.',
    'image',
    { format: 'jpeg', scale: 50, colorspace: 'srgb', destinationProfile: 'srgb' },
  ],
  [
    'Web video 720p',
    'H.264 and AAC in MP4, 720 px high, for web pages.',
    'video',
    { platform: 'web', format: 'mp4', height: 720 },
  ],
  [
    'Broadcast proxy 1080p',
    'ProRes Proxy with PCM sound in QuickTime, 1080 px high, for editing.',
    'video',
    { platform: 'broadcast', format: 'mov', height: 1080 },
  ],
  [
    'Social square 1080',
    'H.264 and AAC in MP4, cropped square 1080 × 1080, the first 60 seconds.',
    'video',
    { platform: 'social', format: 'mp4', width: 1080, height: 1080, durationSeconds: 60 },
  ],
  ['Audio MP3 192 kbit/s', 'MP3 at 192 kbit/s.', 'audio', { format: 'mp3', quality: 192 }],
  ['Audio AAC 256 kbit/s', 'AAC at 256 kbit/s in M4A.', 'audio', { format: 'm4a', quality: 256 }],
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table conversions`.execute(db);
  await sql`drop table conversion_presets`.execute(db);
}
