import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** R-VIDEO-SKIP: the player's forward (and back) skip, in seconds. */
export const VIDEO_SKIP_SECONDS = 10;
/** The longest video time the timeline takes (a day), in seconds. */
export const MAX_TIMELINE_SECONDS = 86_400;
/** How many frames the timeline's thumbnail strip shows. */
export const TIMELINE_STRIP_FRAMES = 12;

/** Our own texts (the spec gives none for these); a failed export names the file, then why. */
export const TIMELINE_TEXTS = {
  notVideo: 'Only a video has a timeline.',
  cueNotFound: 'This cue point does not exist.',
  clipNotFound: 'This clip does not exist.',
  cuePastEnd: 'A cue point must fall within the video.',
  clipNotExported: 'This clip has not been exported for download yet.',
  exportRunning: 'This clip is being exported; wait until it is done.',
  exportFailed: (fileName: string, reason: string) => `${fileName}: the clip export failed (${reason}).`,
  sourceMissing: 'its file is missing from storage',
} as const;

/** Seconds on the timeline, kept to the millisecond (the database stores whole milliseconds). */
const seconds = z
  .number()
  .min(0)
  .max(MAX_TIMELINE_SECONDS)
  .transform((value) => Math.round(value * 1000) / 1000);
const label = dbString(MESSAGES.requiredEmpty).trim().min(1, ASSET_MESSAGES.nameRequired).max(200);

/** R-CUE-POINT: a cue point needs a name; its time is unique on its version (the server checks that). */
export const saveCuePointSchema = z.object({ timeSeconds: seconds, label });

/** R-CLIP-RANGE: a clip needs a name and an out point after its in point (inside the video: the server checks). */
export const saveClipSchema = z
  .object({ name: label, inSeconds: seconds, outSeconds: seconds })
  .refine((clip) => clip.outSeconds > clip.inSeconds, {
    message: ASSET_MESSAGES.clipDurationInvalid,
    path: ['outSeconds'],
  });

/** A new asset beside the video, a download, or a new version of the video itself (its current file becomes the clip). */
export const clipExportModes = ['asset', 'download', 'version', 'dock'] as const;
export const exportClipSchema = z.object({ as: z.enum(clipExportModes) });

export const cuePointSchema = z.object({
  id: z.number(),
  versionNumber: z.number(),
  timeSeconds: z.number(),
  label: z.string(),
});

export const clipExportStates = ['none', 'queued', 'running', 'ready', 'failed'] as const;

export const clipSchema = z.object({
  id: z.number(),
  versionNumber: z.number(),
  name: z.string(),
  inSeconds: z.number(),
  outSeconds: z.number(),
  export: z.object({
    state: z.enum(clipExportStates),
    as: z.enum(clipExportModes).nullable(),
    /** 0–100 while running. */
    progress: z.number(),
    error: z.string().nullable(),
    /** The new asset, once exported as one; the video itself, once exported as its new version. */
    assetId: z.number().nullable(),
  }),
});

/** The timeline of the asset's current version. */
export const timelineSchema = z.object({
  assetId: z.number(),
  versionNumber: z.number(),
  durationSeconds: z.number().nullable(),
  /** Frames per second (for frame steps); null when the file does not say. */
  frameRate: z.number().nullable(),
  cuePoints: z.array(cuePointSchema),
  clips: z.array(clipSchema),
});

export type CuePoint = z.infer<typeof cuePointSchema>;
export type Clip = z.infer<typeof clipSchema>;
export type Timeline = z.infer<typeof timelineSchema>;
