import { type Kysely, sql } from 'kysely';

// A video preset for a short web preview: the first 5 seconds, 720 px high, H.264 and AAC in MP4 (issue 26's "a video
// trimmed to 5 s at 720p"; none of 0013's trims). Settings in 0013's shape; a site's own preset of that name stays.
const SETTINGS = {
  platform: 'web',
  format: 'mp4',
  width: null,
  height: 720,
  scale: null,
  rotate: 0,
  startSeconds: null,
  durationSeconds: 5,
  colorspace: null,
  destinationProfile: null,
  quality: 85,
};
export const PREVIEW_CLIP_PRESET = 'Web preview 720p 5 s';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into conversion_presets (name, description, kind, settings)
    values (${PREVIEW_CLIP_PRESET}, ${'The first 5 seconds, 720 px high, H.264 and AAC in MP4, for a web preview.'},
      'video', ${JSON.stringify(SETTINGS)}::jsonb)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from conversion_presets where name = ${PREVIEW_CLIP_PRESET}`.execute(db);
}
