/**
 * Connect's rule: split on dots, drop parts that are not numbers, compare only up to the shorter length — so
 * '4' is satisfied by '4.4.2' and '1' equals '1.2' (connect-bridge.md §5).
 */
export function compareVersions(a: string, b: string): number {
  const left = numericParts(a);
  const right = numericParts(b);
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

export function isAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

/** The higher of the two; the page's minimum never lowers the secure minimum. */
export function highestVersion(a: string, b: string): string {
  return compareVersions(a, b) >= 0 ? a : b;
}

function numericParts(version: string): number[] {
  return version
    .split('.')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
