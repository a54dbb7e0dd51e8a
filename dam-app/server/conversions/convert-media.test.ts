import { describe, expect, it } from 'vitest';
import { crfOf, ffmpegArguments } from './convert-media.ts';

const video = {
  kind: 'video' as const,
  platform: 'web' as const,
  format: 'mp4' as const,
  width: null,
  height: 720,
  rotate: 0,
  startSeconds: null,
  durationSeconds: null,
  quality: 85,
};
const args = (fields: Partial<typeof video> | Record<string, unknown>) =>
  ffmpegArguments('in.mov', 'out.partial', { ...video, ...fields } as typeof video).join(' ');

describe('the ffmpeg arguments of a preset', () => {
  it('makes web video H.264/AAC MP4 at x264’s default rate factor, never enlarged', () => {
    const line = args({});
    expect(line).toContain("-vf scale=-2:'min(720,ih)'");
    expect(line).toContain('-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -c:a aac');
    expect(line).toMatch(/-movflags \+faststart -f mp4 out\.partial$/);
    expect(crfOf(100)).toBe(18);
    expect(crfOf(1)).toBe(51);
  });

  it('trims from the start for the duration, seeking before the input', () => {
    expect(args({ startSeconds: 12.5, durationSeconds: 5 })).toMatch(/-ss 12\.5 -i in\.mov -t 5 /);
  });

  it('fills and crops a social square, turns a quarter, and writes ProRes Proxy for broadcast', () => {
    expect(args({ platform: 'social', width: 1080, height: 1080, rotate: 90 })).toContain(
      '-vf transpose=1,scale=1080:1080:force_original_aspect_ratio=increase,crop=1080:1080',
    );
    expect(args({ platform: 'broadcast', format: 'mov' })).toContain(
      '-c:v prores_ks -profile:v 0 -pix_fmt yuv422p10le -c:a pcm_s16le -f mov',
    );
  });

  it('takes only the sound for audio presets, at the bitrate given', () => {
    expect(args({ kind: 'audio', format: 'mp3', quality: 192 })).toContain(
      '-vn -c:a libmp3lame -b:a 192k -f mp3',
    );
    expect(args({ kind: 'audio', format: 'm4a', quality: 256 })).toContain('-vn -c:a aac -b:a 256k -f ipod');
  });
});
