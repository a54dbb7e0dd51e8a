/**
 * `Utils.getFullURI`: an absolute URL for a page-relative or protocol-relative location, without a trailing `/`;
 * `undefined` for anything that is not a string.
 */
export function getFullURI(relative: unknown): string | undefined {
  if (typeof relative !== 'string') return undefined;
  const base = typeof location === 'undefined' ? undefined : location.href;
  let url: string;
  try {
    url = new URL(relative, base).href;
  } catch {
    url = relative;
  }
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
