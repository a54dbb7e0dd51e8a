import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { reconcile } from '../assets/reconcile.ts';
import { principalFor } from '../auth/resolve-principal.ts';
import { EXIFTOOL } from '../media/exiftool.ts';
import { FFMPEG } from '../media/make-renditions.ts';
import { minimalPdf } from '../media/minimal-pdf.ts';
import type { DamServices } from '../services.ts';
import { checkIn, checkOut } from '../versions/version-operations.ts';

const run = promisify(execFile);

interface DemoPicture {
  path: string;
  title: string;
  keywords: string[];
  width: number;
  height: number;
  from: string;
  to: string;
}

const PICTURES: DemoPicture[] = [
  {
    path: 'Library/Photos/Landscapes/dawn.jpg',
    title: 'Dawn over the hills',
    keywords: ['landscape', 'morning'],
    width: 1600,
    height: 1200,
    from: '#f6b26b',
    to: '#3d85c6',
  },
  {
    path: 'Library/Photos/Landscapes/dusk.jpg',
    title: 'Dusk at the lake',
    keywords: ['landscape', 'evening', 'water'],
    width: 1920,
    height: 1080,
    from: '#674ea7',
    to: '#e06666',
  },
  {
    path: 'Library/Photos/Landscapes/meadow.jpg',
    title: 'Green meadow',
    keywords: ['landscape', 'summer'],
    width: 1200,
    height: 1200,
    from: '#93c47d',
    to: '#274e13',
  },
  {
    path: 'Library/Photos/City/night-street.jpg',
    title: 'Night street',
    keywords: ['city', 'night'],
    width: 1080,
    height: 1440,
    from: '#0c343d',
    to: '#f1c232',
  },
  {
    path: 'Library/Photos/City/skyline.jpg',
    title: 'Skyline',
    keywords: ['city', 'architecture'],
    width: 2048,
    height: 1152,
    from: '#9fc5e8',
    to: '#073763',
  },
  {
    path: 'Library/Marketing/Campaigns/Spring/hero.jpg',
    title: 'Spring hero banner',
    keywords: ['campaign', 'spring'],
    width: 1920,
    height: 1080,
    from: '#b6d7a8',
    to: '#ffe599',
  },
  {
    path: 'Library/Marketing/Campaigns/Spring/social-square.jpg',
    title: 'Spring social post',
    keywords: ['campaign', 'spring', 'social'],
    width: 1080,
    height: 1080,
    from: '#ffe599',
    to: '#e69138',
  },
  {
    path: 'Library/Marketing/Campaigns/Autumn/poster.jpg',
    title: 'Autumn poster',
    keywords: ['campaign', 'autumn'],
    width: 1200,
    height: 1600,
    from: '#b45f06',
    to: '#660000',
  },
  {
    path: 'Library/Public/Logos/logo-light.jpg',
    title: 'Logo on light',
    keywords: ['logo', 'brand'],
    width: 800,
    height: 800,
    from: '#ffffff',
    to: '#cfe2f3',
  },
  {
    path: 'Library/Public/Logos/logo-dark.jpg',
    title: 'Logo on dark',
    keywords: ['logo', 'brand'],
    width: 800,
    height: 800,
    from: '#434343',
    to: '#000000',
  },
];

async function picture(storageRoot: string, each: DemoPicture) {
  const file = join(storageRoot, each.path);
  await mkdir(dirname(file), { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${each.width}" height="${each.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${each.from}"/><stop offset="1" stop-color="${each.to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(each.width / 14)}" fill="#ffffff"
      text-anchor="middle" opacity="0.85">${each.title}</text></svg>`;
  await sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality: 85 }).toFile(file);
  await run(EXIFTOOL, [
    '-q',
    '-overwrite_original',
    `-XMP:Title=${each.title}`,
    ...each.keywords.map((keyword) => `-XMP:Subject=${keyword}`),
    '-XMP:Creator=Rapid demo',
    file,
  ]);
}

/**
 * Demo content for `npm start` (DAM_DEMO=true), made at start-up with the same tools ingest uses — nothing is
 * downloaded: pictures drawn by sharp, a short test-pattern video from ffmpeg, a PDF written by hand; then indexed,
 * with a versioned asset, a checked-out one, a collection and a cart. Made once per DAM home.
 */
export async function createDemoContent(services: DamServices): Promise<void> {
  const { config, db, log } = services;
  const marker = join(config.home, 'demo-content.done');
  if (existsSync(marker)) return;
  for (const each of PICTURES) await picture(config.storageRoot, each);
  const video = join(config.storageRoot, 'Library/Marketing/Video/teaser.mp4');
  await mkdir(dirname(video), { recursive: true });
  await run(FFMPEG, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=4:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-shortest'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-y', video],
  ]);
  const pdf = join(config.storageRoot, 'Library/Marketing/Campaigns/Spring/brochure.pdf');
  await writeFile(pdf, minimalPdf('Spring campaign brochure'));
  await reconcile(services, 'Library');

  const userOf = (username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const assetOf = (path: string) =>
    db.selectFrom('assets').select('id').where('path', '=', path).executeTakeFirstOrThrow();
  const carlos = await principalFor(db, await userOf('carlos'), { via: 'session', adminMode: false });
  const hero = await assetOf('Library/Marketing/Campaigns/Spring/hero.jpg');
  await checkOut(services, carlos, hero.id);
  await checkIn(services, carlos, hero.id, {
    name: 'Approved copy',
    comment: 'Headline approved by marketing',
    message: 'Ready for print',
    category: 'Named',
    metadata: { description: 'Hero banner for the spring campaign, approved copy.' },
  });
  const poster = await assetOf('Library/Marketing/Campaigns/Autumn/poster.jpg');
  await checkOut(services, carlos, poster.id);

  const spring = await db
    .selectFrom('assets')
    .select('id')
    .where('path', 'like', 'Library/Marketing/Campaigns/Spring/%')
    .execute();
  const collection = await db
    .insertInto('collections')
    .values({
      name: 'Spring campaign',
      description: 'Everything for the spring launch',
      owner_id: carlos.user.id,
      public: true,
      modifiable: false,
      bundle: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spring.length)
    await db
      .insertInto('collection_assets')
      .values(spring.map((row) => ({ collection_id: collection.id, asset_id: row.id })))
      .execute();
  const ellen = await userOf('ellen');
  const cart = await db
    .insertInto('carts')
    .values({ owner_id: ellen.id, name: 'Landscapes to download' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const landscapes = await db
    .selectFrom('assets')
    .select('id')
    .where('path', 'like', 'Library/Photos/Landscapes/%')
    .orderBy('id')
    .execute();
  if (landscapes.length)
    await db
      .insertInto('cart_assets')
      .values(landscapes.map((row, index) => ({ cart_id: cart.id, asset_id: row.id, position: index + 1 })))
      .execute();
  await writeFile(marker, new Date().toISOString());
  log.info('demo.content_created', { pictures: PICTURES.length, video: 1, pdf: 1 });
}
