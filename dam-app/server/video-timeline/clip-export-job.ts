import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { TIMELINE_TEXTS } from '../../api/video-timeline.ts';
import { findAsset } from '../assets/asset-queries.ts';
import { hashFile } from '../assets/hash-file.ts';
import { ingestFile } from '../assets/ingest.ts';
import { joinPath, parentOf } from '../folders/acl-scope.ts';
import type { JobPayload } from '../jobs/job-payloads.ts';
import { prepareMadeFileDock } from '../loading-dock/loading-dock-service.ts';
import { cutClip, planCut } from '../media/video-clip.ts';
import type { DamServices } from '../services.ts';
import { placeWithoutOverwrite } from '../uploads/unique-name.ts';
import { versionFromUpload } from '../versions/upload-version.ts';
import { clipRow, updateClipRow } from './timeline-queries.ts';
import { clipFileName } from './timeline-service.ts';
import { versionFile, videoFacts } from './video-source.ts';

/** Progress is written when it moves by this many percent (a row update per step, not per ffmpeg report). */
const PROGRESS_STEP = 5;

/**
 * The `video.clip-export` job (R-CLIP-EXPORT): cuts the clip with ffmpeg — a stream copy when its in point is a key
 * frame, a new encode otherwise — into the conversions area, then keeps it there for download (and puts it into the exporter's loading dock), places it beside
 * the video as a new asset (never over a file already there), or makes it the video's new version. The clip's row carries the state, the progress and,
 * on failure, a text naming the file and why; a failure is recorded, not retried (it would fail the same way).
 */
export async function runClipExportJob(services: DamServices, payload: JobPayload<'video.clip-export'>) {
  const { db } = services;
  const clip = await clipRow(db, payload.clipId);
  if (!clip || clip.export_state === 'ready' || clip.export_state === 'none') return;
  const asset = await findAsset(db, clip.asset_id);
  const fileName = clipFileName(asset?.file_name ?? 'clip', clip.name);
  const fail = async (reason: string) => {
    await updateClipRow(db, clip.id, {
      export_state: 'failed',
      export_error: TIMELINE_TEXTS.exportFailed(fileName, reason),
    });
    services.log.warn('clip_export.failed', { clipId: clip.id, reason });
  };
  const source = asset ? await versionFile(services, asset, clip.version_number) : undefined;
  if (!asset || !source) return fail(TIMELINE_TEXTS.sourceMissing);

  await updateClipRow(db, clip.id, { export_state: 'running', export_progress: 0 });
  const key = `clips/${clip.id}.mp4`;
  const target = services.storage.conversions.localPath(key) as string;
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const { frameRate } = await videoFacts(source);
    const cut = await planCut(source.path, clip.in_ms / 1000, clip.out_ms / 1000, frameRate);
    let written = 0;
    let saving = Promise.resolve();
    await cutClip(source.path, partial, cut, (share) => {
      const percent = Math.floor((share * 100) / PROGRESS_STEP) * PROGRESS_STEP;
      if (percent <= written || percent >= 100) return;
      written = percent;
      saving = saving.then(async () => {
        await updateClipRow(db, clip.id, { export_progress: percent });
      });
    });
    await saving;
    services.log.info('clip_export.cut', { clipId: clip.id, copy: cut.copy });
    if (clip.export_mode === 'version' && payload.actorId !== null) {
      // Landed beside the video under a hidden name (the library's walk skips it), then renamed over it by the
      // version: the old bytes are kept in the versions area first.
      const folder = parentOf(asset.path);
      const landed = await placeWithoutOverwrite(
        partial,
        services.tree.absolute(folder),
        `.clip-${clip.id}.mp4`,
      );
      const landedPath = joinPath(folder, landed);
      const number = await versionFromUpload(
        services,
        payload.actorId,
        asset.id,
        landedPath,
        await hashFile(services.tree.absolute(landedPath)),
        `Clip ${clip.name} of version ${clip.version_number}`,
      ).finally(() => rm(services.tree.absolute(landedPath), { force: true }));
      if (number === undefined) return fail(ASSET_MESSAGES.inUse);
      await updateClipRow(db, clip.id, {
        export_state: 'ready',
        export_progress: 100,
        export_asset_id: asset.id,
        export_key: null,
      });
    } else if (clip.export_mode === 'asset') {
      const folder = parentOf(asset.path);
      const placed = await placeWithoutOverwrite(partial, services.tree.absolute(folder), fileName);
      const made = await ingestFile(services, joinPath(folder, placed), {
        actorId: payload.actorId,
        event: 'New',
      });
      await updateClipRow(db, clip.id, {
        export_state: 'ready',
        export_progress: 100,
        export_asset_id: made.id,
        export_key: null,
      });
    } else {
      await rename(partial, target);
      if (clip.export_mode === 'dock' && payload.actorId !== null)
        // Kept in the conversions area (downloadable as a clip is) and placed from there into a new dock.
        await prepareMadeFileDock(services, payload.actorId, {
          assetId: asset.id,
          fileName,
          size: (await stat(target)).size,
          key,
        });
      await updateClipRow(db, clip.id, { export_state: 'ready', export_progress: 100, export_key: key });
    }
  } catch (error) {
    await fail((error as Error).message);
  } finally {
    await rm(partial, { force: true });
  }
}
