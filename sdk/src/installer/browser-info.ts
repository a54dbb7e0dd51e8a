import { HOST_IDENTITY } from '@rapid/protocol';

export type StoreBrowser = 'chrome' | 'edge' | 'firefox';

/** Rapid's listings, by the ids in manifests/native-host/host.json (connect-protocol.md §13.2 for the shape). */
export const STORE_LINKS: Record<StoreBrowser, string> = {
  chrome: `https://chromewebstore.google.com/detail/rapid/${HOST_IDENTITY.chromium.extension_ids[0]}`,
  edge: `https://microsoftedge.microsoft.com/addons/detail/rapid/${HOST_IDENTITY.chromium.extension_ids[0]}`,
  firefox: 'https://addons.mozilla.org/firefox/addon/rapid-transfer/',
};

/** Which extension store serves this browser, from its user agent; undefined when none does (e.g. Safari). */
export function storeBrowser(userAgent: string): StoreBrowser | undefined {
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Edg\//.test(userAgent)) return 'edge';
  if (/(Chrome|Chromium)\//.test(userAgent)) return 'chrome';
  return undefined;
}

export function storeLink(userAgent: string, overrides: Partial<Record<StoreBrowser, string>> = {}): string {
  const browser = storeBrowser(userAgent);
  return browser ? (overrides[browser] ?? STORE_LINKS[browser]) : '';
}
