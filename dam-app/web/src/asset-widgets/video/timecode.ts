/**
 * Times on the timeline. With a frame rate, a time is shown as SMPTE-style `HH:MM:SS:FF` (non-drop: frames counted
 * from the start) and moved a frame at a time; without one, as `HH:MM:SS.mmm` and by 1/25 s.
 */
const DEFAULT_FRAME_SECONDS = 1 / 25;

export const frameSeconds = (frameRate: number | null) => (frameRate ? 1 / frameRate : DEFAULT_FRAME_SECONDS);

/** The frame a time falls in (a hair's tolerance, so 0.3 s at 10 fps is frame 3, not 2). */
export const frameIndex = (seconds: number, frameRate: number) => Math.floor(seconds * frameRate + 1e-6);

/** A time moved to the start of its frame. */
export const snapToFrame = (seconds: number, frameRate: number | null) =>
  frameRate ? frameIndex(seconds, frameRate) / frameRate : Math.round(seconds * 1000) / 1000;

const two = (value: number) => String(value).padStart(2, '0');

export function formatTimecode(seconds: number, frameRate: number | null): string {
  const safe = Math.max(0, seconds);
  if (frameRate) {
    const rate = Math.round(frameRate);
    const frames = frameIndex(safe, frameRate);
    const whole = Math.floor(frames / rate);
    return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}:${two(frames % rate)}`;
  }
  const millis = Math.round(safe * 1000);
  const whole = Math.floor(millis / 1000);
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}.${String(millis % 1000).padStart(3, '0')}`;
}
