import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import type { DamServices } from '../services.ts';

const THUMBNAILS = 24;
const WORDS = [
  'harbour',
  'forest',
  'summit',
  'street',
  'meadow',
  'canyon',
  'glacier',
  'market',
  'bridge',
  'dune',
];

/**
 * Asset rows for the web app's benchmark (scripts/bench/dam-web.ts), in one INSERT … SELECT over generate_series (seconds, where ingesting files would take
 * minutes), each with a thumbnail rendition row. The thumbnails are 24 small JPEGs drawn by sharp and stored once in
 * the renditions area; the assets share them round-robin, so the browser still fetches one URL per tile.
 */
export async function seedBigFolder(
  services: DamServices,
  assets: number,
): Promise<{ folderId: number; thumbnails: number; ms: number }> {
  const { db, storage, config } = services;
  await mkdir(join(config.storageRoot, 'Library/Bench'), { recursive: true });
  const folderId = await ensureFolderRow(db, 'Library/Bench');
  const started = performance.now();
  const words = sql.join(WORDS);
  await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
      content_hash, width, height, aspect_ratio, color_profile, date_created, keywords, keyword_search,
      rendition_state)
    select ${folderId}, 'Library/Bench/img-' || lpad(g::text, 5, '0') || '.jpg',
      initcap((array[${words}])[1 + g % 10]) || ' ' || (array[${words}])[1 + (g / 10) % 10] || ' ' || g,
      'img-' || lpad(g::text, 5, '0') || '.jpg', 'Bench asset ' || g, 'JPEG', 'image/jpeg', 'image',
      20000 + g * 7, md5(g::text), 1600, 1200, '4:3', 'sRGB', now() - make_interval(hours => g),
      array[(array[${words}])[1 + g % 10]], to_tsvector('simple', (array[${words}])[1 + g % 10]), 'done'
    from generate_series(1, ${assets}) g`.execute(db);
  const keys: string[] = [];
  for (let i = 0; i < THUMBNAILS; i++) {
    const hue = Math.round((i * 360) / THUMBNAILS);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
      <rect width="100%" height="100%" fill="hsl(${hue},55%,45%)"/>
      <circle cx="160" cy="120" r="${40 + (i % 5) * 12}" fill="hsl(${(hue + 180) % 360},60%,70%)"/></svg>`;
    const key = `bench/thumb-${i}.jpg`;
    await storage.renditions.put(key, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    keys.push(key);
  }
  await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
    select id, 'thumbnail', (array[${sql.join(keys)}])[1 + id % ${THUMBNAILS}], 'image/jpeg', 320, 240, 9000,
      content_hash
    from assets where folder_id = ${folderId}`.execute(db);
  await sql`analyze`.execute(db);
  return { folderId, thumbnails: THUMBNAILS, ms: performance.now() - started };
}
