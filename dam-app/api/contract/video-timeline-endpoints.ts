import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { dbIdParam } from '../db-safe.ts';
import {
  clipSchema,
  cuePointSchema,
  exportClipSchema,
  saveClipSchema,
  saveCuePointSchema,
  timelineSchema,
} from '../video-timeline.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, inUse } from './error-sets.ts';
import { assetIdParams } from './params.ts';

const timeline = endpointGroup('Video timeline', 'user');
const asset = timeline.item('/assets/{id}', assetIdParams);
const cuePoint = timeline.item(
  '/assets/{id}/cue-points/{cueId}',
  assetIdParams.extend({ cueId: dbIdParam() }),
);
const clip = timeline.item('/assets/{id}/clips/{clipId}', assetIdParams.extend({ clipId: dbIdParam() }));
const notVideo = { 422: ['not_video'] } as const;
const changes = errors(forbidden, inUse, notVideo);

export const getTimeline = asset.get('/timeline', {
  summary: "A video's timeline on its current version: duration, frame rate, cue points and clips",
  response: timelineSchema,
  errors: notVideo,
});
export const timelineStrip = asset.get('/timeline/strip', {
  summary: 'The thumbnails along the timeline, one JPEG strip (made by ffmpeg when first asked, then cached)',
  response: z.string().meta({ format: 'binary' }),
  produces: 'image/jpeg',
  errors: notVideo,
});
export const addCuePoint = asset.post('/cue-points', {
  summary: 'Add a cue point (time and name) to the current version',
  body: saveCuePointSchema,
  response: cuePointSchema,
  status: 201,
  errors: errors(changes, { 400: ['cue_past_end'], 409: ['cue_time_taken'] }),
});
export const updateCuePoint = cuePoint.put('', {
  summary: 'Change a cue point’s time or name',
  body: saveCuePointSchema,
  response: cuePointSchema,
  errors: errors(changes, { 400: ['cue_past_end'], 409: ['cue_time_taken'] }),
});
export const deleteCuePoint = cuePoint.delete('', {
  summary: 'Delete a cue point',
  response: okSchema,
  errors: changes,
});
export const addClip = asset.post('/clips', {
  summary: 'Add a clip (name, in and out) to the current version',
  body: saveClipSchema,
  response: clipSchema,
  status: 201,
  errors: errors(changes, { 400: ['clip_duration'] }),
});
export const deleteClip = clip.delete('', {
  summary: 'Delete a clip (and its exported download)',
  response: okSchema,
  errors: errors(changes, { 409: ['export_running'] }),
});
export const exportClip = clip.post('/export', {
  summary:
    'Export a clip with ffmpeg, as a job: as a new asset beside the video, as a new version of the video, or as a download',
  body: exportClipSchema,
  response: clipSchema,
  status: 202,
  errors: errors(changes, { 409: ['export_running'] }),
});
export const clipFile = clip.get('/file', {
  summary: 'The exported clip, to download',
  response: z.string().meta({ format: 'binary' }),
  produces: 'video/mp4',
  errors: errors(forbidden, { 409: ['clip_not_exported'] }),
});
