import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_TEXTS } from '../../api/conversions.ts';
import { ApiError } from '../api/api-error.ts';
import { TOOL_PATHS } from '../config/tool-paths.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg, sampleVideo } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { versionKey } from '../versions/version-operations.ts';

const run = promisify(execFile);
const FFPROBE = join(dirname(TOOL_PATHS.ffmpeg), 'ffprobe');

async function probe(path: string) {
  const { stdout } = await run(FFPROBE, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration'],
    ...['-of', 'json', path],
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { width: number; height: number }[];
    format: { duration: string };
  };
  return { height: parsed.streams[0]?.height, duration: Number(parsed.format.duration) };
}

describe.each(DATABASE_KINDS)('conversions with real sharp and ffmpeg on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;
  let noDownload: ApiClient;
  let webJpeg: number;
  let clip: number;
  const assets: Record<string, number> = {};

  const versionOf = async (assetId: number) =>
    (
      await dam.services.db
        .selectFrom('asset_versions')
        .select('id')
        .where('asset_id', '=', assetId)
        .executeTakeFirstOrThrow()
    ).id;
  const row = (versionId: number, presetId: number) =>
    dam.services.db
      .selectFrom('conversions')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('preset_id', '=', presetId)
      .executeTakeFirst();

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('head', { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
    noDownload = await aclUser(dam, 'nina', 'Library', ['file actions']);
    const presets = (await carla.get('/conversion-presets')).body as { id: number; name: string }[];
    webJpeg = presets.find((preset) => preset.name === 'Web JPEG 2000 px sRGB')?.id ?? 0;
    clip = (
      await admin.post('/admin/conversion-presets', {
        name: 'Clip 720p 5 s',
        kind: 'video',
        platform: 'web',
        format: 'mp4',
        height: 720,
        durationSeconds: 5,
      })
    ).body.id;
    const root = dam.services.config.storageRoot;
    await sampleJpeg(join(root, 'Library/photo.jpg'), { width: 3000, height: 2000 });
    await sampleVideo(join(root, 'Library/clip.mp4'), 8, '1920x1080');
    // A JPEG cut short: its type is found from the header, its pixels cannot be decoded.
    const whole = await readFile(join(root, 'Library/photo.jpg'));
    await writeFile(join(root, 'Library/broken.jpg'), whole.subarray(0, 600));
    for (const name of ['photo.jpg', 'clip.mp4', 'broken.jpg'])
      assets[name] = (await carla.post('/assets/ingest', { path: `Library/${name}` })).body.asset.id;
  });
  afterAll(() => dam.close());

  it('makes a 2000-px sRGB JPEG as a job, then answers the second request from the cache', async () => {
    const started = await carla.post('/conversions', {
      items: [{ assetId: assets['photo.jpg'], presetId: webJpeg }],
    });
    expect(started.status).toBe(202);
    expect(started.body[0]).toMatchObject({ state: 'converting' });
    const versionId = started.body[0].versionId;
    const ready = await eventually(async () => {
      const found = await row(versionId, webJpeg);
      return found?.state === 'ready' && found;
    });
    expect(ready.file_name).toBe('photo (Web JPEG 2000 px sRGB).jpg');
    const converted = await dam.services.conversions.ensureConverted({ versionId, presetId: webJpeg });
    const meta = await sharp(converted.path).metadata();
    expect(meta).toMatchObject({ width: 2000, height: 1333, space: 'srgb', format: 'jpeg' });
    expect(meta.icc).toBeDefined();
    expect(converted).toMatchObject({ mediaType: 'image/jpeg', size: (await stat(converted.path)).size });
    expect(converted.path.startsWith(join(dam.home, 'areas/conversions'))).toBe(true);

    const before = (await stat(converted.path)).mtimeMs;
    const again = await carla.post('/conversions', {
      items: [{ assetId: assets['photo.jpg'], presetId: webJpeg }],
    });
    expect(again.body[0]).toMatchObject({ state: 'ready', size: converted.size });
    const startedAt = performance.now();
    const cached = await dam.services.conversions.ensureConverted({ versionId, presetId: webJpeg });
    expect(performance.now() - startedAt).toBeLessThan(200);
    expect(cached).toEqual(converted);
    expect((await stat(converted.path)).mtimeMs).toBe(before);
  });

  it('trims a video to 5 s at 720p with ffmpeg', async () => {
    const versionId = (
      await carla.post('/conversions', { items: [{ assetId: assets['clip.mp4'], presetId: clip }] })
    ).body[0].versionId;
    const converted = await dam.services.conversions.ensureConverted({ versionId, presetId: clip });
    expect(converted.mediaType).toBe('video/mp4');
    const { height, duration } = await probe(converted.path);
    expect(height).toBe(720);
    expect(duration).toBeGreaterThan(4.8);
    expect(duration).toBeLessThan(5.3);
  }, 60_000);

  it('fails a corrupt file with its own message while the others in the request convert', async () => {
    const started = await carla.post('/conversions', {
      items: [
        { assetId: assets['broken.jpg'], presetId: webJpeg },
        { assetId: assets['clip.mp4'], presetId: webJpeg },
      ],
    });
    expect(started.status).toBe(202);
    const [broken, wrongKind] = started.body as { versionId: number }[];
    const expected = CONVERSION_TEXTS.failed('broken.jpg', CONVERSION_TEXTS.unreadableImage);
    const failed = await eventually(async () => {
      const found = await row(broken?.versionId ?? 0, webJpeg);
      return found?.state === 'failed' && found;
    });
    expect(failed.error).toBe(expected);
    const error = await dam.services.conversions
      .ensureConverted({ versionId: broken?.versionId ?? 0, presetId: webJpeg })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).userMessage).toBe(expected);
    const mismatch = await eventually(async () => {
      const found = await row(wrongKind?.versionId ?? 0, webJpeg);
      return found?.state === 'failed' && found;
    });
    expect(mismatch.error).toBe(
      CONVERSION_TEXTS.failed(
        'clip.mp4',
        CONVERSION_TEXTS.wrongKind('Web JPEG 2000 px sRGB', 'image', 'video'),
      ),
    );
    // The photo's conversion, from the request before, is still there and still ready.
    expect((await row(await versionOf(assets['photo.jpg'] ?? 0), webJpeg))?.state).toBe('ready');
  });

  it('converges when a conversion killed half way is run again by its job', async () => {
    const social = (
      await admin.post('/admin/conversion-presets', {
        name: 'Square',
        kind: 'video',
        platform: 'social',
        format: 'mp4',
        width: 480,
        height: 480,
      })
    ).body.id;
    const versionId = await versionOf(assets['clip.mp4'] ?? 0);
    const folder = join(dam.home, 'areas/conversions', String(versionId));
    const partials = async () => (await readdir(folder)).filter((name) => name.endsWith('.partial'));
    const killer = new AbortController();
    const killed = dam.services.conversions.ensureConverted({ versionId, presetId: social }, killer.signal);
    // ffmpeg has started writing when its partial output appears; then it is killed.
    await eventually(async () => (await partials().catch(() => [])).length > 0);
    killer.abort();
    await expect(killed).rejects.toThrow();
    expect((await row(versionId, social))?.state).toBe('converting');
    // What a server killed outright leaves: a partial file, old.
    const leftover = join(folder, `${social}-r1.mp4.999999-dead.partial`);
    await writeFile(leftover, 'half a video');
    await utimes(leftover, new Date(0), new Date(0));
    await queueJob(dam.services.db, 'conversion.run', { versionId, presetId: social });
    dam.services.jobs.kick();
    await eventually(async () => (await row(versionId, social))?.state === 'ready', 60_000);
    const converted = await dam.services.conversions.ensureConverted({ versionId, presetId: social });
    const { height } = await probe(converted.path);
    expect(height).toBe(480);
    expect(await partials()).toEqual([]);
  }, 90_000);

  it('converts again after the preset changes', async () => {
    const versionId = await versionOf(assets['photo.jpg'] ?? 0);
    const preset = (await carla.get('/conversion-presets')).body.find(
      (each: { id: number }) => each.id === webJpeg,
    );
    const { id: _id, revision: _revision, ...body } = preset;
    await admin.put(`/admin/conversion-presets/${webJpeg}`, { ...body, width: 1000, height: 1000 });
    const converted = await dam.services.conversions.ensureConverted({ versionId, presetId: webJpeg });
    expect((await sharp(converted.path).metadata()).width).toBe(1000);
    expect(await readdir(dirname(converted.path))).not.toContain(`${webJpeg}-r1.jpg`);
  });

  it("places converted files in the loading dock by the dock's job and names the ones that failed", async () => {
    const prepared = await carla.post('/loading-dock', {
      items: [
        { assetId: assets['photo.jpg'], presetId: webJpeg },
        { assetId: assets['broken.jpg'], presetId: webJpeg },
      ],
    });
    // R-DOCK-PLACE: the request answers at once; the conversions are the placement job's.
    expect(prepared.status).toBe(201);
    expect(['preparing', 'converting']).toContain(prepared.body.state);
    const { notificationId } = prepared.body;
    const ready = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${notificationId}`)).body;
      return dock.state === 'ready' && dock;
    }, 60_000);
    expect(ready.files).toEqual([`LoadingDock/${notificationId}/photo (Web JPEG 2000 px sRGB).jpg`]);
    expect(ready.items[1]).toMatchObject({
      state: 'failed',
      message: CONVERSION_TEXTS.failed('broken.jpg', CONVERSION_TEXTS.unreadableImage),
    });
    const placed = await sharp(join(dam.services.config.storageRoot, ready.files[0])).metadata();
    expect(placed).toMatchObject({ format: 'jpeg', space: 'srgb' });
    const onlyBroken = await carla.post('/loading-dock', {
      items: [{ assetId: assets['broken.jpg'], presetId: webJpeg }],
    });
    expect(onlyBroken.status).toBe(201);
    const failed = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${onlyBroken.body.notificationId}`)).body;
      return dock.state === 'failed' && dock;
    }, 60_000);
    expect(failed.items[0].message).toBe(ready.items[1].message);
  });

  it('says per file that the converter is missing (DAM_FFMPEG pointing nowhere), does not retry it, and delivers the rest', async () => {
    const presets = (await carla.get('/conversion-presets')).body as { id: number; name: string }[];
    const webVideo = presets.find((preset) => preset.name === 'Web video 720p')?.id ?? 0;
    const installed = TOOL_PATHS.ffmpeg;
    TOOL_PATHS.ffmpeg = join(dam.home, 'no-such-dir', 'ffmpeg');
    try {
      const started = await carla.post('/conversions', {
        items: [{ assetId: assets['clip.mp4'], presetId: webVideo }],
      });
      const versionId = started.body[0].versionId;
      const message = CONVERSION_TEXTS.failed('clip.mp4', CONVERSION_TEXTS.toolMissing('ffmpeg'));
      const failed = await eventually(async () => {
        const found = await row(versionId, webVideo);
        return found?.state === 'failed' && found;
      });
      expect(failed.error).toBe(message);
      // A missing tool is not a passing trouble: its job ends at the first attempt, without a retry queued.
      const jobs = await eventually(async () => {
        const rows = await dam.services.db
          .selectFrom('jobs')
          .selectAll()
          .where('kind', '=', 'conversion.run')
          .where(sql<boolean>`payload->>'presetId' = ${String(webVideo)}`)
          .execute();
        return rows.every((job) => job.done_at || job.failed_at || job.attempts > 1) && rows;
      });
      expect(jobs.map((job) => [job.attempts, job.done_at !== null, job.failed_at])).toEqual([
        [1, true, null],
      ]);

      // In the loading dock: the file says why, the rest of the dock is ready for download.
      const prepared = await carla.post('/loading-dock', {
        items: [
          { assetId: assets['clip.mp4'], presetId: webVideo },
          { assetId: assets['photo.jpg'], presetId: webJpeg },
        ],
      });
      const ready = await eventually(async () => {
        const dock = (await carla.get(`/loading-dock/${prepared.body.notificationId}`)).body;
        return dock.state === 'ready' && dock;
      }, 60_000);
      const byAsset = (id: number | undefined) =>
        ready.items.find((item: { assetId: number }) => item.assetId === id);
      expect(byAsset(assets['clip.mp4'])).toMatchObject({ state: 'failed', message });
      expect(byAsset(assets['photo.jpg'])).toMatchObject({ state: 'placed' });
      expect(ready.files).toEqual([
        `LoadingDock/${prepared.body.notificationId}/photo (Web JPEG 2000 px sRGB).jpg`,
      ]);
    } finally {
      TOOL_PATHS.ffmpeg = installed;
    }
  }, 60_000);

  it('keeps one conversion per version: a new version converts its own content, the old one reads the versions area', async () => {
    const { db, storage, config } = dam.services;
    const assetId = assets['photo.jpg'] ?? 0;
    const first = await versionOf(assetId);
    const old = await dam.services.conversions.ensureConverted({ versionId: first, presetId: webJpeg });
    const before = await db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    // A check-in, as versions/version-operations.ts does it: the old bytes kept in the versions area, new ones
    // in the original's place, a second version row.
    await storage.versions.putFile(
      versionKey(assetId, before.content_hash),
      join(config.storageRoot, before.path),
    );
    await sampleJpeg(join(config.storageRoot, before.path), { width: 800, height: 600, color: '#cc3333' });
    await db.updateTable('assets').set({ content_hash: 'second' }).where('id', '=', assetId).execute();
    await db
      .insertInto('asset_versions')
      .values({
        asset_id: assetId,
        number: 2,
        category: 'Parent',
        file_name: before.file_name,
        size: 1,
        content_hash: 'second',
        storage_key: versionKey(assetId, 'second'),
        metadata: '{}',
        state: 'completed',
        created_by: null,
      })
      .execute();
    const started = await carla.post('/conversions', { items: [{ assetId, presetId: webJpeg }] });
    const second = started.body[0].versionId;
    expect(second).not.toBe(first);
    const made = await dam.services.conversions.ensureConverted({ versionId: second, presetId: webJpeg });
    expect((await sharp(made.path).metadata()).width).toBe(800);
    expect(await dam.services.conversions.ensureConverted({ versionId: first, presetId: webJpeg })).toEqual(
      old,
    );
    // Without its cached file the first version converts again, from the versions area.
    await rm(old.path);
    const again = await dam.services.conversions.ensureConverted({ versionId: first, presetId: webJpeg });
    expect((await sharp(again.path).metadata()).width).toBe(1000);
  });

  it('deletes the converted files of a deleted preset', async () => {
    const made = (
      await admin.post('/admin/conversion-presets', {
        name: 'Tiny PNG',
        kind: 'image',
        format: 'png',
        width: 64,
      })
    ).body.id;
    const converted = await dam.services.conversions.ensureConverted({
      versionId: await versionOf(assets['photo.jpg'] ?? 0),
      presetId: made,
    });
    expect(existsSync(converted.path)).toBe(true);
    expect((await admin.delete(`/admin/conversion-presets/${made}`)).status).toBe(200);
    expect(existsSync(converted.path)).toBe(false);
  });

  it('lets only those who may download an asset convert it', async () => {
    const items = [{ assetId: assets['photo.jpg'], presetId: webJpeg }];
    expect((await noDownload.post('/conversions', { items })).status).toBe(403);
    const outsider = await aclUser(dam, 'olga', 'Elsewhere');
    expect((await outsider.post('/conversions', { items })).status).toBe(404);
    const unknownPreset = await carla.post('/conversions', { items: [{ ...items[0], presetId: 999_999 }] });
    expect(unknownPreset.status).toBe(404);
    expect(unknownPreset.body.error.user_message).toBe(CONVERSION_TEXTS.presetNotFound);
  });
});
