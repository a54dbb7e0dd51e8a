import type { InstallManifest as ProtocolInstallManifest } from '@rapid/protocol';
import { describe, expect, it } from 'vitest';
import type { InstallManifest } from '../core/types.ts';
import { entryFor, installerUrl, loadInstallManifest } from './install-manifest.ts';

const linux = {
  title: 'Rapid for Linux',
  platform: { os: 'linux', version: '' },
  navigator: { platform: 'Linux x86_64' },
  version: '0.1.0',
  id: 'urn:rapid:client:linux',
  updated: '2026-11-21T00:00:00.000Z',
  links: [
    { title: 'Notes', type: 'text/plain', href: 'https://rapid.example/notes', rel: 'release-notes' },
    { title: 'Installer', type: 'application/gzip', href: 'bin/rapid-linux.tar.gz', rel: 'enclosure' },
  ],
};
const manifest = { entries: [linux] };
const holder = globalThis as { connectVersions?: unknown };

describe('loadInstallManifest', () => {
  it('loads {sdkLocation}/connectversions.min.js and falls back to the next location', async () => {
    const asked: string[] = [];
    const result = await loadInstallManifest(
      ['https://page.example/sdk', 'https://default.example/sdk'],
      async (url) => {
        asked.push(url);
        if (url.startsWith('https://page.example')) throw new Error('404');
        holder.connectVersions = manifest;
      },
    );
    expect(asked).toEqual([
      'https://page.example/sdk/connectversions.min.js',
      'https://default.example/sdk/connectversions.min.js',
    ]);
    expect(result?.sdkLocation).toBe('https://default.example/sdk');
    expect(result?.manifest.entries[0]?.title).toBe('Rapid for Linux');
  });

  it('falls back past a script that sets nothing valid, and gives up after the last', async () => {
    const result = await loadInstallManifest(['/a', '/b'], async () => {
      holder.connectVersions = { entries: 'nope' };
    });
    expect(result).toBeUndefined();
  });
});

describe('entryFor', () => {
  it('picks the entry for navigator.platform and makes relative links absolute', () => {
    const entry = entryFor(manifest, 'Linux x86_64', '/sdk', 'https://dam.example/files/page');
    expect(entry?.links[1]?.hrefAbsolute).toBe('https://dam.example/sdk/bin/rapid-linux.tar.gz');
    expect(entry?.links[0]?.hrefAbsolute).toBeUndefined();
    expect(entry && installerUrl(entry)).toBe('https://dam.example/sdk/bin/rapid-linux.tar.gz');
  });

  it('has no entry for an OS the manifest does not list', () => {
    expect(entryFor(manifest, 'iPhone', '/sdk', 'https://dam.example/')).toBeUndefined();
  });
});

// The public types (core/types.ts, published without our private packages) must accept what the shared schema
// validates: this fails to compile if the two drift apart.
const conforms: InstallManifest = {} as ProtocolInstallManifest;
void conforms;
