import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { TIMELINE_STRIP_FRAMES, TIMELINE_TEXTS } from '../../api/video-timeline.ts';
import { hashFile } from '../assets/hash-file.ts';
import { recoverOperations } from '../intents/intent-kinds.ts';
import { FFPROBE, planCut } from '../media/video-clip.ts';
import { exists } from '../storage/local-area.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg, sampleVideo } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { clipRow } from './timeline-queries.ts';

const run = promisify(execFile);
const FRAME = 0.1; // the sample video runs at 10 frames a second

const durationOf = async (path: string) =>
  Number(
    (await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])).stdout,
  );

describe.each(DATABASE_KINDS)('the video timeline on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient; // every permission on Library
  let viewer: ApiClient; // sees Library, may not change files nor download
  let outsider: ApiClient; // another root
  let video: number;
  let photo: number;
  const root = () => dam.services.config.storageRoot;

  const bytes = async (client: ApiClient, path: string) => {
    const response = await fetch(new URL(`/api/v1${path}`, dam.url), {
      headers: client.cookie ? { cookie: client.cookie } : {},
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.arrayBuffer(),
    };
  };
  const settled = (assetId: number, clipId: number) =>
    eventually(async () => {
      const clip = (await carla.get(`/assets/${assetId}/timeline`)).body.clips.find(
        (each: { id: number }) => each.id === clipId,
      );
      return ['ready', 'failed'].includes(clip?.export.state) && clip;
    }, 60_000);

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    viewer = await aclUser(dam, 'vera', 'Library', ['facet browsing']);
    outsider = await aclUser(dam, 'otto', 'Elsewhere');
    await sampleVideo(join(root(), 'Library/interview.mp4'), 3, '160x90');
    await sampleJpeg(join(root(), 'Library/still.jpg'));
    video = (await carla.post('/assets/ingest', { path: 'Library/interview.mp4' })).body.asset.id;
    photo = (await carla.post('/assets/ingest', { path: 'Library/still.jpg' })).body.asset.id;
  });
  afterAll(() => dam.close());

  it('answers a video’s duration and frame rate, refuses other kinds and hides it from other roots', async () => {
    const timeline = await viewer.get(`/assets/${video}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.body).toMatchObject({
      assetId: video,
      versionNumber: 1,
      frameRate: 10,
      cuePoints: [],
      clips: [],
    });
    expect(timeline.body.durationSeconds).toBeCloseTo(3, 1);
    const still = await carla.get(`/assets/${photo}/timeline`);
    expect([still.status, still.body.error.code, still.body.error.user_message]).toEqual([
      422,
      'not_video',
      TIMELINE_TEXTS.notVideo,
    ]);
    expect((await outsider.get(`/assets/${video}/timeline`)).status).toBe(404);
  });

  it('keeps cue points named, unique in time, inside the video, and changed only with file actions', async () => {
    const path = `/assets/${video}/cue-points`;
    const intro = await carla.post(path, { timeSeconds: 1, label: 'Intro' });
    expect(intro.status).toBe(201);
    expect(intro.body).toMatchObject({ timeSeconds: 1, label: 'Intro', versionNumber: 1 });
    const again = await carla.post(path, { timeSeconds: 1.0004, label: 'Twice' });
    expect([again.status, again.body.error.code, again.body.error.user_message]).toEqual([
      409,
      'cue_time_taken',
      ASSET_MESSAGES.cueTimeTaken,
    ]);
    const blank = await carla.post(path, { timeSeconds: 2, label: '   ' });
    expect([blank.status, blank.body.error.user_message]).toEqual([400, ASSET_MESSAGES.nameRequired]);
    const late = await carla.post(path, { timeSeconds: 9, label: 'After the end' });
    expect([late.status, late.body.error.code]).toEqual([400, 'cue_past_end']);
    expect((await viewer.post(path, { timeSeconds: 2, label: 'Mine' })).status).toBe(403);

    const outro = (await carla.post(path, { timeSeconds: 2.5, label: 'Outro' })).body;
    const moved = await carla.put(`${path}/${outro.id}`, { timeSeconds: 1, label: 'Outro' });
    expect(moved.body.error.code).toBe('cue_time_taken');
    const renamed = await carla.put(`${path}/${outro.id}`, { timeSeconds: 2.8, label: 'Credits' });
    expect(renamed.body).toMatchObject({ id: outro.id, timeSeconds: 2.8, label: 'Credits' });
    expect((await carla.delete(`${path}/${intro.body.id}`)).status).toBe(200);
    expect((await carla.delete(`${path}/${intro.body.id}`)).status).toBe(404);
    const { cuePoints } = (await carla.get(`/assets/${video}/timeline`)).body;
    expect(cuePoints.map((cue: { label: string }) => cue.label)).toEqual(['Credits']);
  });

  it('refuses clips whose duration is not appropriate', async () => {
    const path = `/assets/${video}/clips`;
    for (const [inSeconds, outSeconds] of [
      [2, 2],
      [3, 1],
      [1, 8],
    ]) {
      const refused = await carla.post(path, { name: 'Bad', inSeconds, outSeconds });
      expect([refused.status, refused.body.error.user_message], `${inSeconds}–${outSeconds}`).toEqual([
        400,
        ASSET_MESSAGES.clipDurationInvalid,
      ]);
    }
    expect((await carla.post(path, { name: '', inSeconds: 0, outSeconds: 1 })).status).toBe(400);
  });

  it('exports a clip for download, encoded from a frame between key frames, its duration within a frame', async () => {
    const clip = (
      await carla.post(`/assets/${video}/clips`, { name: 'Answer', inSeconds: 0.5, outSeconds: 2 })
    ).body;
    expect(clip.export.state).toBe('none');
    expect((await carla.get(`/assets/${video}/clips/${clip.id}/file`)).body.error.code).toBe(
      'clip_not_exported',
    );
    expect((await viewer.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'download' })).status).toBe(
      403,
    );
    const started = await carla.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'download' });
    expect([started.status, started.body.export.state]).toEqual([202, 'queued']);
    const done = await settled(video, clip.id);
    expect(done.export).toMatchObject({ state: 'ready', progress: 100, as: 'download', error: null });

    const file = await bytes(carla, `/assets/${video}/clips/${clip.id}/file`);
    expect([file.status, file.type]).toEqual([200, 'video/mp4']);
    const saved = join(dam.home, 'answer.mp4');
    await writeFile(saved, Buffer.from(file.body));
    expect(Math.abs((await durationOf(saved)) - 1.5)).toBeLessThanOrEqual(FRAME);
    expect((await bytes(viewer, `/assets/${video}/clips/${clip.id}/file`)).status).toBe(403);
  });

  it('exports a clip that starts on a key frame as a new asset beside the video, by stream copy', async () => {
    const source = join(root(), 'Library/interview.mp4');
    expect((await planCut(source, 0, 1.5, 10)).copy).toBe(true);
    expect((await planCut(source, 0.5, 1.5, 10)).copy).toBe(false);
    const clip = (
      await carla.post(`/assets/${video}/clips`, { name: 'Opening', inSeconds: 0, outSeconds: 1.5 })
    ).body;
    await carla.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'asset' });
    const again = await carla.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'asset' });
    expect([200, 202, 409]).toContain(again.status); // a second ask while it runs is refused, after it is redone
    const done = await settled(video, clip.id);
    expect(done.export.state).toBe('ready');
    const made = (await carla.get(`/assets/${done.export.assetId}`)).body;
    expect(made).toMatchObject({ fileName: 'interview (Opening).mp4', kind: 'video' });
    expect(Math.abs((await durationOf(join(root(), made.path))) - 1.5)).toBeLessThanOrEqual(FRAME);
  });

  it('exports a clip into the exporter’s loading dock, placed and announced as a conversion is', async () => {
    const clip = (
      await carla.post(`/assets/${video}/clips`, { name: 'Docked', inSeconds: 1, outSeconds: 2.5 })
    ).body;
    expect((await viewer.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'dock' })).status).toBe(403);
    const before = (await carla.get('/loading-dock')).body.length;
    expect((await carla.post(`/assets/${video}/clips/${clip.id}/export`, { as: 'dock' })).status).toBe(202);
    const done = await settled(video, clip.id);
    expect(done.export).toMatchObject({ state: 'ready', as: 'dock', error: null });
    const dock = await eventually(async () => {
      const docks = (await carla.get('/loading-dock')).body;
      return docks.length > before && docks[0].state === 'ready' && docks[0];
    }, 30_000);
    expect(dock.items).toMatchObject([
      { assetId: video, fileName: 'interview (Docked).mp4', state: 'placed', presetId: null },
    ]);
    const [placed] = dock.files;
    expect(Math.abs((await durationOf(join(root(), placed))) - 1.5)).toBeLessThanOrEqual(FRAME);
    const carlaId = (
      await dam.services.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'carla')
        .executeTakeFirstOrThrow()
    ).id;
    const told = await dam.services.db
      .selectFrom('notifications')
      .select(['type', 'subject'])
      .where('user_id', '=', carlaId)
      .where('key', '=', dock.notificationId)
      .execute();
    expect(told).toEqual([{ type: 'Conversion', subject: 'interview (Docked).mp4' }]);
  });

  it('exports a clip as a new version of its video: the clip becomes the current file, the old one a version', async () => {
    await copyFile(join(root(), 'Library/interview.mp4'), join(root(), 'Library/take.mp4'));
    const take = (await carla.post('/assets/ingest', { path: 'Library/take.mp4' })).body.asset.id;
    const clip = (await carla.post(`/assets/${take}/clips`, { name: 'Short', inSeconds: 0, outSeconds: 1.5 }))
      .body;
    // A new version needs file actions, as a check-in does.
    expect((await viewer.post(`/assets/${take}/clips/${clip.id}/export`, { as: 'version' })).status).toBe(
      403,
    );
    expect((await carla.post(`/assets/${take}/clips/${clip.id}/export`, { as: 'version' })).status).toBe(202);
    // The video's current version is now the clip's: the clip stays on the version it was made on (1).
    const row = await eventually(async () => {
      const found = await dam.services.db
        .selectFrom('video_clips')
        .selectAll()
        .where('id', '=', clip.id)
        .executeTakeFirstOrThrow();
      return ['ready', 'failed'].includes(found.export_state) && found;
    }, 60_000);
    expect(row).toMatchObject({ export_state: 'ready', export_mode: 'version', export_asset_id: take });
    const asset = (await carla.get(`/assets/${take}`)).body;
    expect(asset).toMatchObject({ versions: 2, path: 'Library/take.mp4' });
    expect(Math.abs((await durationOf(join(root(), 'Library/take.mp4'))) - 1.5)).toBeLessThanOrEqual(FRAME);
    const versions = (await carla.get(`/assets/${take}/versions`)).body;
    expect(JSON.stringify(versions)).toContain('Clip Short');
    // Nothing was left beside the video.
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(join(root(), 'Library'))).filter((name) => name.includes('take'))).toEqual([
      'take.mp4',
    ]);
  });

  it('recovers a clip export killed between its file and its asset or version: finished, or nothing left', async () => {
    const { db } = dam.services;
    const clip = (await carla.post(`/assets/${video}/clips`, { name: 'Crash', inSeconds: 0, outSeconds: 1 }))
      .body;
    await db.updateTable('video_clips').set({ export_state: 'running' }).where('id', '=', clip.id).execute();
    const cut = join(root(), 'Library/interview.mp4');
    const pending = (kind: string, payload: object, paths: string[]) =>
      // What a server killed mid-export leaves: its intent, owned by a process that is gone.
      db
        .insertInto('operation_intents')
        .values({ kind, payload: JSON.stringify(payload), paths, owner: 1 })
        .execute();
    const gone = async (path: string) => !(await exists(join(root(), path)));
    const assetAt = (path: string) =>
      db.selectFrom('assets').select(['id', 'status']).where('path', '=', path).executeTakeFirst();

    // New asset, killed with the clip staged under its hidden name: undone, no file and no asset left.
    const staged = { clipId: clip.id, actorId: null, partialKey: 'clips/x.partial' };
    await copyFile(cut, join(root(), 'Library/.clip-crash-1.mp4'));
    await pending(
      'clip.export-asset',
      { ...staged, staging: 'Library/.clip-crash-1.mp4', to: 'Library/interview (Crash).mp4' },
      ['Library/.clip-crash-1.mp4', 'Library/interview (Crash).mp4'],
    );
    expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 1, failed: 0 });
    expect(await gone('Library/.clip-crash-1.mp4')).toBe(true);
    expect(await gone('Library/interview (Crash).mp4')).toBe(true);
    expect(await assetAt('Library/interview (Crash).mp4')).toBeUndefined();

    // New asset, killed once the clip had its name but before its row: finished, one asset, the clip ready.
    await copyFile(cut, join(root(), 'Library/interview (Crash).mp4'));
    await pending(
      'clip.export-asset',
      { ...staged, staging: 'Library/.clip-crash-2.mp4', to: 'Library/interview (Crash).mp4' },
      ['Library/.clip-crash-2.mp4', 'Library/interview (Crash).mp4'],
    );
    expect(await recoverOperations(dam.services)).toEqual({ finished: 1, undone: 0, failed: 0 });
    const made = await assetAt('Library/interview (Crash).mp4');
    expect(made?.status).toBe('active');
    expect((await clipRow(db, clip.id))?.export_asset_id).toBe(made?.id);

    // New version, killed with the clip staged but not yet renamed over the video: the version failed, the video's
    // file as it was, nothing staged left.
    const take = (await carla.get(`/assets/${video}`)).body;
    const before = await hashFile(join(root(), take.path));
    const version = await db
      .insertInto('asset_versions')
      .values({
        asset_id: video,
        number: 900,
        name: '',
        comment: '',
        message: 'Clip Crash of version 1',
        category: 'Parent',
        file_name: take.fileName,
        size: 1,
        content_hash: 'f'.repeat(64),
        storage_key: 'crash',
        metadata: '{}',
        state: 'in progress',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await copyFile(cut, join(root(), 'Library/.clip-crash-3.mp4'));
    await pending(
      'clip.export-version',
      {
        assetId: video,
        versionId: version.id,
        number: 900,
        userId: 1,
        path: take.path,
        oldHash: before,
        newHash: 'f'.repeat(64),
        replacement: 'Library/.clip-crash-3.mp4',
        staged: true,
        metadata: null,
        clipId: clip.id,
        partialKey: 'clips/x.partial',
      },
      [take.path, 'Library/.clip-crash-3.mp4'],
    );
    expect(await recoverOperations(dam.services)).toEqual({ finished: 0, undone: 1, failed: 0 });
    expect(await gone('Library/.clip-crash-3.mp4')).toBe(true);
    expect(await hashFile(join(root(), take.path))).toBe(before);
    const row = await db
      .selectFrom('asset_versions')
      .select('state')
      .where('id', '=', version.id)
      .executeTakeFirst();
    expect(row?.state).toBe('failed');
    expect((await carla.get(`/assets/${video}`)).body.versionNumber).toBe(take.versionNumber);
    // The made-up failed version goes, so the video's next version numbers as the later tests expect.
    await db.deleteFrom('asset_versions').where('id', '=', version.id).execute();
    await db.updateTable('video_clips').set({ export_state: 'none' }).where('id', '=', clip.id).execute();
  });

  it('says why an export failed, naming the file', async () => {
    await copyFile(join(root(), 'Library/interview.mp4'), join(root(), 'Library/gone.mp4'));
    const gone = (await carla.post('/assets/ingest', { path: 'Library/gone.mp4' })).body.asset.id;
    const clip = (await carla.post(`/assets/${gone}/clips`, { name: 'Lost', inSeconds: 0, outSeconds: 1 }))
      .body;
    await rm(join(root(), 'Library/gone.mp4'));
    await carla.post(`/assets/${gone}/clips/${clip.id}/export`, { as: 'download' });
    const done = await settled(gone, clip.id);
    expect(done.export).toMatchObject({
      state: 'failed',
      error: TIMELINE_TEXTS.exportFailed('gone (Lost).mp4', TIMELINE_TEXTS.sourceMissing),
    });
  });

  it('blocks moving the video, or a folder holding it, while one of its clips is exported', async () => {
    const { db } = dam.services;
    await mkdir(join(root(), 'Library/Reel'));
    await copyFile(join(root(), 'Library/interview.mp4'), join(root(), 'Library/Reel/reel.mp4'));
    const reel = (await carla.post('/assets/ingest', { path: 'Library/Reel/reel.mp4' })).body.asset;
    await eventually(
      async () => (await carla.get(`/assets/${reel.id}`)).body.renditionState === 'done',
      60_000,
    );
    const library = (await carla.get(`/assets/${video}`)).body.folderId;
    const clip = (await carla.post(`/assets/${reel.id}/clips`, { name: 'Cut', inSeconds: 0, outSeconds: 1 }))
      .body;
    await db.updateTable('video_clips').set({ export_state: 'running' }).where('id', '=', clip.id).execute();
    const moved = await carla.post(`/assets/${reel.id}/move`, { destinationId: library });
    expect([moved.status, moved.body.error.user_message]).toEqual([
      409,
      ASSET_MESSAGES.moveBlockedByTranscoding,
    ]);
    const away = (await carla.post('/folders', { parentId: library, name: 'Away' })).body.id;
    const folder = await carla.post(`/folders/${reel.folderId}/move`, { destinationId: away });
    expect([folder.status, folder.body.error.code]).toEqual([409, 'transcoding']);
    await db.updateTable('video_clips').set({ export_state: 'ready' }).where('id', '=', clip.id).execute();
    expect((await carla.post(`/assets/${reel.id}/move`, { destinationId: library })).status).toBe(200);
  });

  it('keeps cue points and clips on the version they were made on', async () => {
    expect((await carla.post(`/assets/${video}/checkout`)).status).toBe(200);
    expect((await carla.post(`/assets/${video}/checkin`, { name: 'Second cut' })).status).toBe(201);
    const timeline = (await carla.get(`/assets/${video}/timeline`)).body;
    expect(timeline).toMatchObject({ versionNumber: 2, cuePoints: [], clips: [] });
    const cue = await carla.post(`/assets/${video}/cue-points`, { timeSeconds: 2.8, label: 'Credits' });
    expect(cue.body).toMatchObject({ versionNumber: 2 });
  });

  it('makes the thumbnail strip of a video at its ingest, as a job, before anyone asks for it', async () => {
    await copyFile(join(root(), 'Library/interview.mp4'), join(root(), 'Library/fresh.mp4'));
    const fresh = (await carla.post('/assets/ingest', { path: 'Library/fresh.mp4' })).body.asset.id;
    const { readdir } = await import('node:fs/promises');
    const folder = dam.services.storage.conversions.localPath(`timeline/${fresh}`) as string;
    const made = await eventually(async () => {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
        name.endsWith('-strip.jpg'),
      );
      return names.length > 0 && names;
    }, 25_000);
    expect(made).toHaveLength(1);
  });

  it('draws the thumbnails along the timeline as one JPEG strip, made once', async () => {
    const strip = await bytes(viewer, `/assets/${video}/timeline/strip`);
    expect([strip.status, strip.type]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(strip.body)).metadata();
    expect(meta.width).toBe(160 * TIMELINE_STRIP_FRAMES);
    expect(meta.height).toBe(90);
    const again = await bytes(viewer, `/assets/${video}/timeline/strip`);
    expect(Buffer.from(again.body).equals(Buffer.from(strip.body))).toBe(true);
    expect((await bytes(outsider, `/assets/${video}/timeline/strip`)).status).toBe(404);
  });
});
