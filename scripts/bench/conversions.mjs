#!/usr/bin/env node
// Image conversions per second, by hand: `node scripts/bench/conversions.mjs [images] [concurrency]`. Converts the
// same set of 3000 × 2000 JPEGs to the seeded "Web JPEG 2000 px sRGB" preset through the DAM's conversion code
// (services.conversions.ensureConverted: preset from the database, the cache row, a partial file renamed into
// place) and through a plain sharp loop doing the same operation, in the same run, at the same concurrency; prints
// both rates, their ratio (target ≥ 0.8×) and the rate of cached answers.
import { mkdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { default: sharp } = await import('sharp');
const { createBenchDam } = await import('./lib/bench-dam.ts');
const { currentVersionId } = await import('../../dam-app/server/conversions/request-service.ts');

const COUNT = Number(process.argv[2] ?? 24);
const CONCURRENCY = Number(process.argv[3] ?? availableParallelism());

/**
 * Runs `task` over `items`, `limit` at a time; answers the seconds it took.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<unknown>} task
 */
async function timed(items, limit, task) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(/** @type {T} */ (items[next++]));
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * The operation the seeded preset does, written straight against sharp.
 * @param {string} source
 * @param {string} target
 */
const plainSharp = (source, target) =>
  sharp(source)
    .autoOrient()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .jpeg({ quality: 85 })
    .toFile(target);

const dam = await createBenchDam('conversions', { DAM_RECONCILE_SECONDS: '0' });
try {
  const { config, home, db } = dam;
  const { services } = dam.runtime;
  const preset = await db
    .selectFrom('conversion_presets')
    .select('id')
    .where('name', '=', 'Web JPEG 2000 px sRGB')
    .executeTakeFirstOrThrow();
  await mkdir(join(config.storageRoot, 'Library'), { recursive: true });
  /** @type {{ absolute: string; versionId: number }[]} */
  const sources = [];
  for (let index = 0; index < COUNT; index++) {
    const path = `Library/photo-${index}.jpg`;
    const absolute = join(config.storageRoot, path);
    // A gradient with noise, so each image is real work for the codec (a flat colour compresses to nothing).
    await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .tint({ r: (index * 37) % 255, g: 120, b: 200 })
      .withIccProfile('srgb')
      .jpeg({ quality: 90 })
      .toFile(absolute);
    const size = (await stat(absolute)).size;
    const asset = await db
      .insertInto('assets')
      .values({
        path,
        name: `photo-${index}.jpg`,
        file_name: `photo-${index}.jpg`,
        size,
        content_hash: `bench-${index}`,
        kind: 'image',
        mime_type: 'image/jpeg',
        date_created: new Date(),
        updated_at: new Date(),
        keywords: [],
        metadata: '{}',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    sources.push({ absolute, versionId: await currentVersionId(db, asset) });
  }

  const plainOut = join(home, 'plain');
  await mkdir(plainOut, { recursive: true });
  // One warm-up each, so neither side pays for loading libvips' codecs.
  const first = sources[0];
  if (!first) throw new Error('no images to convert: give a count of at least 1');
  await plainSharp(first.absolute, join(plainOut, 'warm.jpg'));
  const plainSeconds = await timed(sources, CONCURRENCY, (source) =>
    plainSharp(source.absolute, join(plainOut, `${source.versionId}.jpg`)),
  );
  const damSeconds = await timed(sources, CONCURRENCY, (source) =>
    services.conversions.ensureConverted({ versionId: source.versionId, presetId: preset.id }),
  );
  const cachedSeconds = await timed(sources, CONCURRENCY, (source) =>
    services.conversions.ensureConverted({ versionId: source.versionId, presetId: preset.id }),
  );
  const plainRate = COUNT / plainSeconds;
  const damRate = COUNT / damSeconds;
  console.log(`images: ${COUNT} × 3000×2000 JPEG → 2000 px sRGB JPEG, concurrency ${CONCURRENCY}`);
  console.log(`plain sharp loop:   ${plainRate.toFixed(2)} images/s (${plainSeconds.toFixed(2)} s)`);
  console.log(`DAM conversions:    ${damRate.toFixed(2)} images/s (${damSeconds.toFixed(2)} s)`);
  console.log(`ratio DAM / plain:  ${(damRate / plainRate).toFixed(2)}× (target ≥ 0.8×)`);
  console.log(`cached answers:     ${(COUNT / cachedSeconds).toFixed(0)} /s`);
} finally {
  await dam.close();
}
