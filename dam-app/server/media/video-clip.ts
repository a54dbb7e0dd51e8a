import { execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { TOOL_PATHS } from '../config/tool-paths.ts';

const run = promisify(execFile);
/** Debian's ffmpeg ships ffprobe beside it; a site's own ffmpeg (`DAM_FFMPEG`) is expected to as well. */
export const FFPROBE = join(dirname(TOOL_PATHS.ffmpeg), 'ffprobe');

export interface VideoFacts {
  durationSeconds: number | null;
  frameRate: number | null;
}

/** The duration and frame rate of a video file's first video stream, from ffprobe. */
export async function probeVideo(file: string): Promise<VideoFacts> {
  const { stdout } = await run(
    FFPROBE,
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=avg_frame_rate,r_frame_rate'],
      ...['-show_entries', 'format=duration', '-of', 'json', file],
    ],
    { timeout: 30_000 },
  );
  const facts = JSON.parse(stdout) as {
    streams?: { avg_frame_rate?: string; r_frame_rate?: string }[];
    format?: { duration?: string };
  };
  const duration = Number(facts.format?.duration);
  const stream = facts.streams?.[0];
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    frameRate: rational(stream?.avg_frame_rate) ?? rational(stream?.r_frame_rate),
  };
}

/** "30000/1001" → 29.97…; "0/0" and nonsense → null. */
function rational(text: string | undefined): number | null {
  const [top, bottom] = (text ?? '').split('/').map(Number);
  const value = bottom === undefined ? top : (top as number) / bottom;
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** The times of the key frames from `from` to `to` seconds (ffprobe reads only the packets there). */
export async function keyFramesBetween(file: string, from: number, to: number): Promise<number[]> {
  const { stdout } = await run(
    FFPROBE,
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `${Math.max(0, from - 1)}%${to + 1}`],
      ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    ],
    { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.includes('K'))
    .map((line) => Number(line.split(',')[0]))
    .filter((time) => Number.isFinite(time));
}

export interface ClipCut {
  inSeconds: number;
  outSeconds: number;
  /** Stream copy (the in point is a key frame) or a new H.264/AAC encode. */
  copy: boolean;
}

/**
 * Whether a clip can be cut without encoding: its in point must fall on a key frame (within half a frame), or the
 * copied clip would start on frames that cannot be decoded. Elsewhere it is encoded again, frame-accurate.
 */
export async function planCut(
  file: string,
  inSeconds: number,
  outSeconds: number,
  frameRate: number | null,
): Promise<ClipCut> {
  const halfFrame = frameRate ? 0.5 / frameRate : 0.02;
  const keys = await keyFramesBetween(file, inSeconds, inSeconds).catch(() => [] as number[]);
  const copy = keys.some((time) => Math.abs(time - inSeconds) <= halfFrame);
  return { inSeconds, outSeconds, copy };
}

export class ClipToolError extends Error {}

/**
 * Cuts the clip into `target` (MP4) with ffmpeg, telling `onProgress` the share done (0–1) as ffmpeg reports its
 * output time. A signal kills ffmpeg.
 */
export function cutClip(
  source: string,
  target: string,
  cut: ClipCut,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const length = cut.outSeconds - cut.inSeconds;
  const codecs = cut.copy
    ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero']
    : [
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '160k'],
      ];
  const args = [
    ...['-v', 'error', '-nostats', '-progress', 'pipe:1'],
    // Before -i: a fast seek, exact when encoding (ffmpeg decodes from the key frame before and drops up to here).
    ...['-ss', cut.inSeconds.toFixed(3), '-i', source, '-t', length.toFixed(3)],
    ...['-map', '0:v:0', '-map', '0:a:0?', ...codecs, '-movflags', '+faststart', '-f', 'mp4', '-y', target],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(TOOL_PATHS.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let errors = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) onProgress(Math.min(1, Number(match[1]) / 1e6 / length));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new ClipToolError(errors.trim().split('\n').at(-1) || `ffmpeg exited with ${code}`));
    });
  });
}

/**
 * The timeline's thumbnails: `frames` frames spread over the video, 160 px wide each, side by side in one JPEG
 * (ffmpeg's `tile`). Frames past the end leave black tiles, never fewer tiles.
 */
export async function timelineStrip(
  source: string,
  target: string,
  durationSeconds: number,
  frames: number,
): Promise<void> {
  const every = Math.max(durationSeconds / frames, 0.001);
  await run(
    TOOL_PATHS.ffmpeg,
    [
      ...['-v', 'error', '-i', source, '-an', '-vf'],
      `fps=1/${every.toFixed(4)},scale=160:-2,tile=${frames}x1`,
      ...['-frames:v', '1', '-q:v', '5', '-f', 'image2', '-update', '1', '-y', target],
    ],
    { timeout: 300_000 },
  );
}
