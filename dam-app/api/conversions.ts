import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** What a preset converts: still images through sharp, video and audio through ffmpeg. */
export const presetKinds = ['image', 'video', 'audio'] as const;
export type PresetKind = (typeof presetKinds)[number];

/** Which file kinds a preset of each kind reads: an audio preset also takes a video's sound. */
export const PRESET_READS: Record<PresetKind, readonly string[]> = {
  image: ['image'],
  video: ['video'],
  audio: ['audio', 'video'],
};

/** The platform a preset is made for (R-CONVERSION-PRESET); for video it picks the codec. */
export const presetPlatforms = ['any', 'web', 'print', 'broadcast', 'social'] as const;

/** Output formats by kind: the file type a conversion writes. */
export const PRESET_FORMATS = {
  image: ['jpeg', 'png', 'webp', 'tiff'],
  video: ['mp4', 'mov'],
  audio: ['mp3', 'm4a'],
} as const satisfies Record<PresetKind, readonly string[]>;
export const presetFormats = ['jpeg', 'png', 'webp', 'tiff', 'mp4', 'mov', 'mp3', 'm4a'] as const;
export type PresetFormat = (typeof presetFormats)[number];

/** sRGB, CMYK (JPEG and TIFF only) or greyscale: the colour space an image is written in. */
export const presetColorspaces = ['srgb', 'cmyk', 'b-w'] as const;
/** The ICC profiles sharp carries and can embed in its output. */
export const presetProfiles = ['srgb', 'p3', 'cmyk'] as const;
export const presetRotations = [0, 90, 180, 270] as const;

/** The largest side a conversion may ask for, in pixels. */
export const MAX_PRESET_SIDE = 16_384;
/** The longest duration or start a preset may give, in seconds (a day). */
export const MAX_PRESET_SECONDS = 86_400;

/** Our own texts (the product gives none for conversions); a failure names the file, then why. */
export const CONVERSION_TEXTS = {
  formatKind: 'This output format does not fit the kind of file the preset converts.',
  cmykFormat: 'CMYK needs JPEG or TIFF output.',
  imageOnly: 'Colour space and destination profile apply to images only.',
  timeOnly: 'Start and duration apply to video and audio only.',
  scaleOrSize: 'Give a scale or a width and height, not both.',
  nameTaken: 'A conversion preset with this name already exists.',
  presetNotFound: 'This conversion preset does not exist.',
  failed: (fileName: string, reason: string) => `${fileName}: ${reason}`,
  unreadableImage: 'the file is not an image the converter can read (it may be damaged).',
  unreadableMedia: 'the file is not audio or video the converter can read (it may be damaged).',
  noAudio: 'the file has no sound to convert.',
  wrongKind: (preset: string, kind: PresetKind, fileKind: string) =>
    `the preset "${preset}" converts ${kind} files; this file is ${fileKind === 'image' ? 'an' : 'a'} ${fileKind}.`,
  missing: 'its file is missing from storage.',
  toolFailed: (detail: string) => `the conversion failed (${detail}).`,
  toolMissing: (tool: string) =>
    `the converter (${tool}) is not installed on the server; an administrator must install it or set its path.`,
} as const;

const seconds = z.number().min(0).max(MAX_PRESET_SECONDS);
const side = z.number().int().min(1).max(MAX_PRESET_SIDE);

/** A preset's settings (R-CONVERSION-PRESET): resolution, scale, rotate, duration, colour space, profile, platform. */
const presetFields = {
  name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
  description: dbString().trim().max(1000).default(''),
  kind: z.enum(presetKinds),
  platform: z.enum(presetPlatforms).default('any'),
  format: z.enum(presetFormats),
  /** The box the output fits inside (images, video); one side alone keeps the aspect ratio. */
  width: side.nullable().default(null),
  height: side.nullable().default(null),
  /** A percentage of the original's size, instead of a box (images). */
  scale: z.number().min(1).max(1000).nullable().default(null),
  rotate: z.literal(presetRotations).default(0),
  /** Video and audio: where the output starts and how long it runs (a trim). */
  startSeconds: seconds.nullable().default(null),
  durationSeconds: seconds.positive().nullable().default(null),
  colorspace: z.enum(presetColorspaces).nullable().default(null),
  destinationProfile: z.enum(presetProfiles).nullable().default(null),
  /** 1–100, higher is better (JPEG/WebP quality; H.264's rate factor for video), or the bitrate in kbit/s for audio. */
  quality: z.number().int().min(1).max(320).default(85),
};

type PresetFields = {
  kind: PresetKind;
  format: PresetFormat;
  colorspace: string | null;
  destinationProfile: string | null;
  startSeconds: number | null;
  durationSeconds: number | null;
  scale: number | null;
  width: number | null;
  height: number | null;
};

/** The settings must fit the kind: each problem on the field it belongs to. */
function checkPreset(value: PresetFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!(PRESET_FORMATS[value.kind] as readonly string[]).includes(value.format))
    issue('format', CONVERSION_TEXTS.formatKind);
  if (value.kind === 'image') {
    if (value.startSeconds !== null) issue('startSeconds', CONVERSION_TEXTS.timeOnly);
    if (value.durationSeconds !== null) issue('durationSeconds', CONVERSION_TEXTS.timeOnly);
    if (value.colorspace === 'cmyk' && value.format !== 'jpeg' && value.format !== 'tiff')
      issue('colorspace', CONVERSION_TEXTS.cmykFormat);
  } else {
    if (value.colorspace !== null) issue('colorspace', CONVERSION_TEXTS.imageOnly);
    if (value.destinationProfile !== null) issue('destinationProfile', CONVERSION_TEXTS.imageOnly);
  }
  if (value.scale !== null && (value.width !== null || value.height !== null))
    issue('scale', CONVERSION_TEXTS.scaleOrSize);
}

export const savePresetSchema = z.strictObject(presetFields).superRefine(checkPreset);
export type SavePreset = z.output<typeof savePresetSchema>;

export const presetSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(presetKinds),
    platform: z.enum(presetPlatforms),
    format: z.enum(presetFormats),
    width: z.number().nullable(),
    height: z.number().nullable(),
    scale: z.number().nullable(),
    rotate: z.number(),
    startSeconds: z.number().nullable(),
    durationSeconds: z.number().nullable(),
    colorspace: z.enum(presetColorspaces).nullable(),
    destinationProfile: z.enum(presetProfiles).nullable(),
    quality: z.number(),
    /** Goes up with every change: a conversion made with an older revision is made again. */
    revision: z.number(),
  })
  .meta({ id: 'ConversionPreset' });
export type Preset = z.infer<typeof presetSchema>;

/** The most conversions one request may start. */
export const MAX_CONVERSIONS_PER_REQUEST = 1000;

/** An asset and the preset to convert it with. */
export const conversionItemSchema = z.strictObject({ assetId: dbId(), presetId: dbId() });

export const startConversionsSchema = z.strictObject({
  items: z.array(conversionItemSchema).min(1).max(MAX_CONVERSIONS_PER_REQUEST),
});

export const conversionStates = ['converting', 'ready', 'failed'] as const;

/** One asset version's conversion with one preset (R-CONVERSION-STATES: converting, ready for download). */
export const conversionSchema = z
  .object({
    assetId: z.number(),
    presetId: z.number(),
    versionId: z.number(),
    state: z.enum(conversionStates),
    fileName: z.string().nullable(),
    size: z.number().nullable(),
    /** Why it failed: the file's name, then the reason. */
    message: z.string().nullable(),
  })
  .meta({ id: 'Conversion' });
