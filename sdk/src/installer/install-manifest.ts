import { readInstallManifest } from '@rapid/protocol';
import type { InstallEntry, InstallManifest } from '../core/types.ts';

export const MANIFEST_FILE = 'connectversions.min.js';

/**
 * Loads a classic script and resolves once it ran; rejects when it could not be fetched.
 *
 * @example const load: ScriptLoader = (url) => import(url).then(() => {});
 */
export type ScriptLoader = (url: string) => Promise<void>;

export const loadScriptTag: ScriptLoader = (url) =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.append(script);
  });

/**
 * `{sdkLocation}/connectversions.min.js` sets `window.connectVersions` (connect-bridge.md §7); the first location
 * whose script loads and parses wins, so a page's own SDK location falls back to the default one.
 */
export async function loadInstallManifest(
  locations: string[],
  loadScript: ScriptLoader = loadScriptTag,
): Promise<{ manifest: InstallManifest; sdkLocation: string } | undefined> {
  for (const sdkLocation of [...new Set(locations)]) {
    const holder = globalThis as { connectVersions?: unknown };
    delete holder.connectVersions;
    try {
      await loadScript(`${sdkLocation}/${MANIFEST_FILE}`);
    } catch {
      continue;
    }
    const manifest = readInstallManifest(holder.connectVersions);
    if (manifest) return { manifest, sdkLocation };
  }
  return undefined;
}

/**
 * The entry for this computer, matched on `navigator.platform` (`Win32`, `MacIntel`, `Linux x86_64`, …); relative
 * links gain `hrefAbsolute`, resolved against the SDK location the manifest came from.
 */
export function entryFor(
  manifest: InstallManifest,
  navigatorPlatform: string,
  sdkLocation: string,
  pageUrl: string,
): InstallEntry | undefined {
  const entry = manifest.entries.find((each) => each.navigator.platform === navigatorPlatform);
  if (!entry) return undefined;
  const base = new URL(`${sdkLocation}/`, pageUrl);
  return {
    ...entry,
    links: entry.links.map((link) =>
      isRelative(link.href) ? { ...link, hrefAbsolute: new URL(link.href, base).href } : link,
    ),
  };
}

/** The installer link: `rel: 'enclosure'`, or the 4.x one-click variant. */
export function installerUrl(entry: InstallEntry): string | undefined {
  const link =
    entry.links.find((each) => each.rel === 'enclosure') ??
    entry.links.find((each) => each.rel === 'enclosure-one-click');
  return link ? (link.hrefAbsolute ?? link.href) : undefined;
}

function isRelative(href: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}
