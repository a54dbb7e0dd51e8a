import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { TIMELINE_TEXTS } from '../../api/video-timeline.ts';
import { findAsset } from '../assets/asset-queries.ts';
import { hashFile } from '../assets/hash-file.ts';
import { joinPath, parentOf } from '../folders/acl-scope.ts';
import { beginIntent, completeIntent } from '../intents/intents.ts';
import type { JobPayload } from '../jobs/job-payloads.ts';
import { prepareMadeFileDock } from '../loading-dock/loading-dock-service.ts';
import { placeFile } from '../loading-dock/place-file.ts';
import { cutClip, planCut } from '../media/video-clip.ts';
import type { DamServices } from '../services.ts';
import { exists } from '../storage/local-area.ts';
import { keepCurrentBytes, snapshot, startNextVersion } from '../versions/version-operations.ts';
import { lockLiveAsset, setVersionState } from '../versions/version-queries.ts';
import {
  type ClipAssetPayload,
  type ClipVersionPayload,
  clipAssetIntent,
  clipVersionIntent,
  linkClipAsset,
} from './clip-intents.ts';
import { clipRow, updateClipRow } from './timeline-queries.ts';
import { clipFileName } from './timeline-service.ts';
import { versionFile, videoFacts } from './video-source.ts';

/** Progress is written when it moves by this many percent (a row update per step, not per ffmpeg report). */
const PROGRESS_STEP = 5;

/**
 * The `video.clip-export` job (R-CLIP-EXPORT): cuts the clip with ffmpeg — a stream copy when its in point is a key
 * frame, a new encode otherwise — into the conversions area, then keeps it there for download (and, for `dock`, puts
 * it into the exporter's loading dock), places it beside the video as a new asset (never over a file already there),
 * or makes it the video's new version; the last two through crash intents (R-CLIP-EXPORT-INTENT). The clip's row
 * carries the state, the progress and, on failure, a text naming the file and why; a failure is recorded, not
 * retried (it would fail the same way).
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
  const partialKey = `${key}.${randomBytes(4).toString('hex')}.partial`;
  const partial = services.storage.conversions.localPath(partialKey) as string;
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
      if (!(await exportAsVersion(services, clip, asset.id, payload.actorId, partialKey)))
        return fail(ASSET_MESSAGES.inUse);
    } else if (clip.export_mode === 'asset') {
      const folder = parentOf(asset.path);
      const intent: ClipAssetPayload = {
        clipId: clip.id,
        actorId: payload.actorId,
        partialKey,
        staging: joinPath(folder, `.clip-${clip.id}-${randomBytes(4).toString('hex')}.mp4`),
        to: joinPath(folder, await freeName(services.tree.absolute(folder), fileName)),
      };
      const id = await beginIntent(services, clipAssetIntent, intent);
      await completeIntent(services, clipAssetIntent, id, intent, async () => {
        await placeFile(partial, services.tree.absolute(intent.staging), 'link');
        await linkClipAsset(services, intent);
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

/**
 * The clip made the video's new version through its intent (R-CLIP-EXPORT-INTENT): the version row and the intent in
 * one transaction, then the clip staged beside the video, the old bytes kept, the clip renamed over the file. Answers
 * false when another person's lock holds the video.
 */
async function exportAsVersion(
  services: DamServices,
  clip: { id: number; name: string; version_number: number },
  assetId: number,
  actorId: number,
  partialKey: string,
): Promise<boolean> {
  const partial = services.storage.conversions.localPath(partialKey) as string;
  const newHash = await hashFile(partial);
  const opened = await services.db.transaction().execute(async (trx) => {
    const live = await lockLiveAsset(trx, assetId);
    if (!live || (live.checked_out_by !== null && live.checked_out_by !== actorId)) return undefined;
    const version = await startNextVersion(trx, live, actorId, newHash, {
      name: '',
      comment: '',
      message: `Clip ${clip.name} of version ${clip.version_number}`,
      category: 'Parent',
      metadata: snapshot(live),
    });
    const intent: ClipVersionPayload = {
      assetId,
      versionId: version.id,
      number: version.number,
      userId: actorId,
      path: live.path,
      oldHash: live.content_hash,
      newHash,
      replacement: joinPath(parentOf(live.path), `.clip-${clip.id}-${randomBytes(4).toString('hex')}.mp4`),
      staged: true,
      metadata: null,
      clipId: clip.id,
      partialKey,
    };
    return { live, intent, id: await beginIntent(services, clipVersionIntent, intent, trx) };
  });
  if (!opened) return false;
  const { live, intent, id } = opened;
  await completeIntent(services, clipVersionIntent, id, intent, async () => {
    const staged = services.tree.absolute(intent.replacement as string);
    await placeFile(partial, staged, 'link');
    await setVersionState(services.db, intent.versionId, 'in progress');
    await keepCurrentBytes(services, live);
    await rename(staged, services.tree.absolute(live.path));
  });
  return true;
}

/** `name`, else `name (2)`, `name (3)`… — the first not taken in `folder` (absolute). */
async function freeName(folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${extension}`;
    if (!(await exists(join(folder, candidate)))) return candidate;
  }
}
