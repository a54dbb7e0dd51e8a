/** The aspect ratios advanced search offers (R-ASPECT-RATIOS). */
export const NAMED_ASPECT_RATIOS = ['1:1', '4:3', '16:9'] as const;

const VALUES: Record<(typeof NAMED_ASPECT_RATIOS)[number], number> = {
  '1:1': 1,
  '4:3': 4 / 3,
  '16:9': 16 / 9,
};
/** 2 %: a 1920×1088 video frame (encoders pad to 16) is still 16:9. */
const TOLERANCE = 0.02;

/**
 * An image's or video's aspect ratio as a label. Portrait and landscape share a label (3:4 is 4:3): the spec's
 * choices name shapes, not orientations. Other shapes get their reduced ratio (3:2), or a decimal when the reduced
 * numbers are large (1.91:1).
 */
export function aspectRatioOf(width: number | null, height: number | null): string | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const ratio = long / short;
  for (const name of NAMED_ASPECT_RATIOS)
    if (Math.abs(ratio - VALUES[name]) / VALUES[name] <= TOLERANCE) return name;
  const divisor = gcd(long, short);
  if (long / divisor <= 32) return `${long / divisor}:${short / divisor}`;
  return `${ratio.toFixed(2)}:1`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
