import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import {
  type Clip,
  type CuePoint,
  type exportClipSchema,
  type saveClipSchema,
  type saveCuePointSchema,
  TIMELINE_STRIP_FRAMES,
  TIMELINE_TEXTS,
} from '../../api/video-timeline.ts';
import { can, type Principal } from '../access/principal.ts';
import { assertMayDownload } from '../access/transfer-gates.ts';
import { ApiError, conflict, forbidden, invalid } from '../api/api-error.ts';
import { changeableAsset } from '../assets/asset-operations.ts';
import { findAsset } from '../assets/asset-queries.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import type { Asset } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { type JobPayload, queueJob } from '../jobs/job-payloads.ts';
import { timelineStrip as makeStrip } from '../media/video-clip.ts';
import type { DamServices } from '../services.ts';
import * as queries from './timeline-queries.ts';
import { versionFile, videoFacts } from './video-source.ts';

type CueRow = Awaited<ReturnType<typeof queries.cuePointsOf>>[number];
type ClipRow = Awaited<ReturnType<typeof queries.clipsOf>>[number];

const notVideo = () => new ApiError(422, 'not_video', TIMELINE_TEXTS.notVideo);
const cueNotFound = () => new ApiError(404, 'not_found', TIMELINE_TEXTS.cueNotFound);
const clipNotFound = () => new ApiError(404, 'not_found', TIMELINE_TEXTS.clipNotFound);
const cueTimeTaken = () => conflict('cue_time_taken', ASSET_MESSAGES.cueTimeTaken, 'timeSeconds');
const clipDuration = () => invalid({ outSeconds: ASSET_MESSAGES.clipDurationInvalid }, 'clip_duration');
const ms = (seconds: number) => Math.round(seconds * 1000);

export const cuePointView = (row: CueRow): CuePoint => ({
  id: row.id,
  versionNumber: row.version_number,
  timeSeconds: row.time_ms / 1000,
  label: row.label,
});

export const clipView = (row: ClipRow): Clip => ({
  id: row.id,
  versionNumber: row.version_number,
  name: row.name,
  inSeconds: row.in_ms / 1000,
  outSeconds: row.out_ms / 1000,
  export: {
    state: row.export_state,
    as: row.export_mode,
    progress: row.export_progress,
    error: row.export_error,
    assetId: row.export_asset_id,
  },
});

async function videoAsset(services: DamServices, principal: Principal, id: number, change: boolean) {
  const asset = change
    ? await changeableAsset(services, principal, id)
    : await visibleAsset(services, principal, id);
  if (asset.kind !== 'video') throw notVideo();
  return asset;
}

async function factsOf(services: DamServices, asset: Asset) {
  const file = await versionFile(services, asset, asset.version_number);
  return file ? videoFacts(file) : { durationSeconds: null, frameRate: null };
}

const cuePastEnd = () => invalid({ timeSeconds: TIMELINE_TEXTS.cuePastEnd }, 'cue_past_end');

/** R-CLIP-RANGE and R-CUE-POINT: times fall inside the video (its last frame may end a clip). */
async function assertInside(services: DamServices, asset: Asset, seconds: number, refuse: () => ApiError) {
  const { durationSeconds, frameRate } = await factsOf(services, asset);
  const slack = frameRate ? 0.5 / frameRate : 0.001;
  if (durationSeconds !== null && seconds > durationSeconds + slack) throw refuse();
}

export async function getTimeline(services: DamServices, principal: Principal, id: number) {
  const asset = await videoAsset(services, principal, id, false);
  const version = asset.version_number;
  const [facts, cues, clips] = await Promise.all([
    factsOf(services, asset),
    queries.cuePointsOf(services.db, id, version),
    queries.clipsOf(services.db, id, version),
  ]);
  return {
    assetId: id,
    versionNumber: version,
    durationSeconds: facts.durationSeconds,
    frameRate: facts.frameRate,
    cuePoints: cues.map(cuePointView),
    clips: clips.map(clipView),
  };
}

export async function addCuePoint(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof saveCuePointSchema>,
) {
  const asset = await videoAsset(services, principal, id, true);
  await assertInside(services, asset, body.timeSeconds, cuePastEnd);
  try {
    const row = await queries.insertCuePoint(services.db, {
      asset_id: id,
      version_number: asset.version_number,
      time_ms: ms(body.timeSeconds),
      label: body.label,
      created_by: principal.user.id,
    });
    return cuePointView(row);
  } catch (error) {
    throw isUniqueViolation(error) ? cueTimeTaken() : error;
  }
}

export async function updateCuePoint(
  services: DamServices,
  principal: Principal,
  id: number,
  cueId: number,
  body: z.output<typeof saveCuePointSchema>,
) {
  const asset = await videoAsset(services, principal, id, true);
  if (!(await queries.cuePointRow(services.db, id, cueId))) throw cueNotFound();
  await assertInside(services, asset, body.timeSeconds, cuePastEnd);
  try {
    return cuePointView(
      await queries.updateCuePointRow(services.db, cueId, ms(body.timeSeconds), body.label),
    );
  } catch (error) {
    throw isUniqueViolation(error) ? cueTimeTaken() : error;
  }
}

export async function deleteCuePoint(services: DamServices, principal: Principal, id: number, cueId: number) {
  await videoAsset(services, principal, id, true);
  if (!(await queries.cuePointRow(services.db, id, cueId))) throw cueNotFound();
  await queries.deleteCuePointRow(services.db, cueId);
}

export async function addClip(
  services: DamServices,
  principal: Principal,
  id: number,
  body: z.output<typeof saveClipSchema>,
) {
  const asset = await videoAsset(services, principal, id, true);
  await assertInside(services, asset, body.outSeconds, clipDuration);
  if (ms(body.outSeconds) <= ms(body.inSeconds)) throw clipDuration();
  const row = await queries.insertClip(services.db, {
    asset_id: id,
    version_number: asset.version_number,
    name: body.name,
    in_ms: ms(body.inSeconds),
    out_ms: ms(body.outSeconds),
    created_by: principal.user.id,
  });
  return clipView(row);
}

async function clipOf(services: DamServices, assetId: number, clipId: number) {
  const clip = await queries.clipRow(services.db, clipId);
  if (!clip || clip.asset_id !== assetId) throw clipNotFound();
  return clip;
}

const exportRunning = () => conflict('export_running', TIMELINE_TEXTS.exportRunning);

export async function deleteClip(services: DamServices, principal: Principal, id: number, clipId: number) {
  await videoAsset(services, principal, id, true);
  const clip = await clipOf(services, id, clipId);
  if (clip.export_state === 'queued' || clip.export_state === 'running') throw exportRunning();
  await queries.deleteClipRow(services.db, clipId);
  if (clip.export_key) {
    const path = services.storage.conversions.localPath(clip.export_key);
    if (path) await rm(path, { force: true });
  }
}

/**
 * Queues the clip's export (R-CLIP-EXPORT). As a new asset it needs `new assets`; as a new version, `file actions`; as a download or into the loading
 * dock, the download permissions. One export of a clip at a time: the row's state is claimed in the same statement that checks it.
 */
export async function exportClip(
  services: DamServices,
  principal: Principal,
  id: number,
  clipId: number,
  body: z.output<typeof exportClipSchema>,
) {
  await videoAsset(services, principal, id, true);
  if (body.as === 'asset' && !can(principal, 'new assets')) throw forbidden();
  // A new version replaces the video's file, as a check-in does.
  if (body.as === 'version' && !can(principal, 'file actions')) throw forbidden();
  if (body.as === 'download' || body.as === 'dock') assertMayDownload(services.config, principal);
  await clipOf(services, id, clipId);
  const claimed = await services.db.transaction().execute(async (trx) => {
    const row = await queries.claimClipExport(trx, clipId, body.as);
    if (row) await queueJob(trx, 'video.clip-export', { clipId, actorId: principal.user.id });
    return row;
  });
  if (!claimed) throw exportRunning();
  services.jobs.kick();
  return clipView(claimed);
}

/** The exported clip's file, for a person who may download. */
export async function clipFile(services: DamServices, principal: Principal, id: number, clipId: number) {
  const asset = await videoAsset(services, principal, id, false);
  assertMayDownload(services.config, principal);
  const clip = await clipOf(services, id, clipId);
  const path =
    clip.export_state === 'ready' && clip.export_key
      ? services.storage.conversions.localPath(clip.export_key)
      : undefined;
  const info = path ? await stat(path).catch(() => undefined) : undefined;
  if (!path || !info?.isFile()) throw conflict('clip_not_exported', TIMELINE_TEXTS.clipNotExported);
  return {
    stream: createReadStream(path),
    size: info.size,
    fileName: clipFileName(asset.file_name, clip.name),
  };
}

/** "Interview.mov" and clip "Intro" → "Interview (Intro).mp4"; characters no file name may hold become "-". */
export function clipFileName(sourceName: string, clipName: string): string {
  const dot = sourceName.lastIndexOf('.');
  const stem = (dot > 0 ? sourceName.slice(0, dot) : sourceName) || 'clip';
  return `${stem} (${clipName.replace(/[/\\:*?"<>|\p{Cc}]/gu, '-')}).mp4`;
}

// One strip per content made at a time in this process; others asking wait for it.
const making = new Map<string, Promise<string>>();

/** The thumbnail strip of the current version: made at ingest (`video.timeline-strip`) or when first asked, then kept. */
export async function timelineStrip(services: DamServices, principal: Principal, id: number) {
  const asset = await videoAsset(services, principal, id, false);
  const target = await ensureStrip(services, asset);
  if (!target) throw notVideo();
  const info = await stat(target);
  return { stream: createReadStream(target), size: info.size };
}

/** The `video.timeline-strip` job, queued at a video's ingest: its strip is ready before the timeline first opens. */
export async function runTimelineStripJob(
  services: DamServices,
  payload: JobPayload<'video.timeline-strip'>,
) {
  const asset = await findAsset(services.db, payload.assetId);
  if (asset?.kind !== 'video' || asset.status === 'trashed') return;
  await ensureStrip(services, asset);
}

/** The strip's file in the conversions area, made with ffmpeg unless there; undefined when the file is missing. */
async function ensureStrip(services: DamServices, asset: Asset): Promise<string | undefined> {
  const file = await versionFile(services, asset, asset.version_number);
  if (!file) return undefined;
  const key = `timeline/${asset.id}/${file.hash.slice(0, 32)}-strip.jpg`;
  const target = services.storage.conversions.localPath(key) as string;
  if (!(await stat(target).catch(() => undefined))?.isFile()) {
    let pending = making.get(key);
    if (!pending) {
      pending = (async () => {
        const { durationSeconds } = await videoFacts(file);
        await mkdir(dirname(target), { recursive: true });
        const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
        try {
          await makeStrip(file.path, partial, durationSeconds ?? 1, TIMELINE_STRIP_FRAMES);
          await rename(partial, target);
        } finally {
          await rm(partial, { force: true });
        }
        return target;
      })().finally(() => making.delete(key));
      making.set(key, pending);
    }
    await pending;
  }
  return target;
}
