import type { InstallEntry, InstallManifest } from '@rapid/protocol';
import type { ClientOs } from './readme-text.ts';

export interface ReleaseFile {
  /** Path under the SDK location, e.g. `bin/rapid-client-0.1.0-linux.tar.gz`. */
  href: string;
  type: string;
}

export interface ReleaseFiles {
  version: string;
  updated: string;
  clients: Record<ClientOs, { installer: ReleaseFile; documentation: ReleaseFile }>;
  extensions: { chromium: ReleaseFile; firefox: ReleaseFile };
}

/** `navigator.platform` values each archive serves (connect-protocol.md §15.2); the client is Node, any CPU. */
const PLATFORMS: Record<ClientOs, { os: string; title: string; navigator: string[] }> = {
  windows: { os: 'win64', title: 'Windows', navigator: ['Win32', 'Win64'] },
  macos: { os: 'macOS', title: 'macOS', navigator: ['MacIntel'] },
  linux: { os: 'linux', title: 'Linux', navigator: ['Linux x86_64', 'Linux aarch64', 'Linux armv8l'] },
};

/** The install manifest, from what packaging actually wrote: every link names a file that exists. */
export function buildInstallManifest(release: ReleaseFiles): InstallManifest {
  const entries: InstallEntry[] = [];
  for (const os of ['windows', 'macos', 'linux'] as const) {
    const { installer, documentation } = release.clients[os];
    for (const platform of PLATFORMS[os].navigator) {
      entries.push({
        title: `Rapid for ${PLATFORMS[os].title}`,
        platform: { os: PLATFORMS[os].os, version: '' },
        navigator: { platform },
        version: release.version,
        id: `urn:rapid:client:${release.version}:${platform.toLowerCase().replaceAll(' ', '-')}`,
        updated: release.updated,
        links: [
          {
            title: 'Installer',
            type: installer.type,
            href: installer.href,
            hreflang: 'en',
            rel: 'enclosure',
          },
          {
            title: 'Installation',
            type: documentation.type,
            href: documentation.href,
            hreflang: 'en',
            rel: 'documentation',
          },
          link('Extension for Chromium browsers', release.extensions.chromium, 'extension-chromium'),
          link('Extension for Firefox', release.extensions.firefox, 'extension-firefox'),
        ],
      });
    }
  }
  return { title: 'Rapid', updated: release.updated, entries };
}

/** `connectversions.min.js`: the script that sets `window.connectVersions`. */
export function manifestScript(manifest: InstallManifest): string {
  return `window.connectVersions=${JSON.stringify(manifest)};\n`;
}

function link(title: string, file: ReleaseFile, rel: string) {
  return { title, type: file.type, href: file.href, hreflang: 'en', rel };
}
