import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Preset } from '../../api/conversions.ts';
import { TOOL_PATHS } from '../config/tool-paths.ts';
import { UnreadableInputError } from './convert-image.ts';
import { isSpawnFailure, ToolMissingError } from './tool-missing-error.ts';

const run = promisify(execFile);

/** A conversion runs at most this long (a long video to ProRes takes a while; a hung one does not hold a worker). */
const FFMPEG_TIMEOUT_MS = 60 * 60 * 1000;

type MediaPreset = Pick<
  Preset,
  | 'kind'
  | 'platform'
  | 'format'
  | 'width'
  | 'height'
  | 'rotate'
  | 'startSeconds'
  | 'durationSeconds'
  | 'quality'
>;

/** The input has no stream of the kind the preset writes (an audio preset on a silent video). */
export class NoStreamError extends Error {}

const TURN: Record<number, string[]> = { 90: ['transpose=1'], 180: ['hflip', 'vflip'], 270: ['transpose=2'] };

/** The video filters: turn, then fit (never enlarged) or, for a social square, fill and crop. */
function videoFilters(preset: MediaPreset): string[] {
  const filters = [...(TURN[preset.rotate] ?? [])];
  const { width, height } = preset;
  if (width !== null && height !== null && preset.platform === 'social')
    filters.push(`scale=${width}:${height}:force_original_aspect_ratio=increase`, `crop=${width}:${height}`);
  else if (width !== null && height !== null)
    filters.push(
      `scale='min(${width},iw)':'min(${height},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    );
  else if (height !== null) filters.push(`scale=-2:'min(${height},ih)'`);
  else if (width !== null) filters.push(`scale='min(${width},iw)':-2`);
  return filters;
}

/**
 * The preset's quality (1–100, higher is better, as for images) as an H.264 constant rate factor: 100 → 18
 * (visually lossless), 85 → 23 (x264's default), 1 → 51 (the worst).
 */
export const crfOf = (quality: number) => Math.round(18 + ((100 - Math.min(100, quality)) * 33) / 99);

/** The codec arguments per output: web and social H.264/AAC MP4, broadcast ProRes Proxy, audio MP3 or AAC. */
function codecArguments(preset: MediaPreset): string[] {
  if (preset.kind === 'audio')
    return preset.format === 'mp3'
      ? ['-vn', '-c:a', 'libmp3lame', '-b:a', `${preset.quality}k`, '-f', 'mp3']
      : ['-vn', '-c:a', 'aac', '-b:a', `${preset.quality}k`, '-f', 'ipod'];
  const filters = videoFilters(preset);
  const scaled = filters.length ? ['-vf', filters.join(',')] : [];
  if (preset.format === 'mov')
    return [
      ...scaled,
      '-c:v',
      'prores_ks',
      '-profile:v',
      '0',
      '-pix_fmt',
      'yuv422p10le',
      '-c:a',
      'pcm_s16le',
    ].concat(['-f', 'mov']);
  return [
    ...scaled,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crfOf(preset.quality))],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4'],
  ];
}

/** The ffmpeg arguments for one conversion (exported for the tests that read them). */
export function ffmpegArguments(source: string, target: string, preset: MediaPreset): string[] {
  return [
    ...['-v', 'error', '-nostdin', '-y'],
    ...(preset.startSeconds ? ['-ss', String(preset.startSeconds)] : []),
    ...['-i', source],
    ...(preset.durationSeconds ? ['-t', String(preset.durationSeconds)] : []),
    ...['-map_metadata', '-1'],
    ...codecArguments(preset),
    target,
  ];
}

/**
 * Video or audio through Debian's ffmpeg (`DAM_FFMPEG`); a signal stops it (the process is killed). An ffmpeg that
 * cannot be started at all is a {@link ToolMissingError}.
 */
export async function convertMedia(
  source: string,
  target: string,
  preset: MediaPreset,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await run(TOOL_PATHS.ffmpeg, ffmpegArguments(source, target, preset), {
      timeout: FFMPEG_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const failure = error as Error & { stderr?: string; code?: unknown; syscall?: unknown };
    if (isSpawnFailure(failure)) throw new ToolMissingError('ffmpeg', TOOL_PATHS.ffmpeg, failure);
    if (signal?.aborted || failure.name === 'AbortError' || typeof failure.code === 'string') throw error;
    const stderr = failure.stderr ?? '';
    if (/does not contain any stream|Output file #0 does not contain|matches no streams/i.test(stderr))
      throw new NoStreamError(stderr);
    if (
      /Invalid data found|moov atom not found|could not find codec parameters|Invalid argument/i.test(stderr)
    )
      throw new UnreadableInputError(stderr);
    throw new Error(lastLine(stderr) || failure.message);
  }
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)?.slice(0, 200) ?? '';
