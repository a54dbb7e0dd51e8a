import { describe, expect, it } from 'vitest';
import { installManifest } from './install-manifest.ts';

const entry = {
  title: 'Rapid for Linux',
  platform: { os: 'linux', version: '' },
  navigator: { platform: 'Linux x86_64' },
  version: '0.1.0',
  id: 'urn:rapid:client:linux:0.1.0',
  updated: '2026-11-21T00:00:00.000Z',
  links: [
    { title: 'Installer', type: 'application/gzip', href: 'bin/x.tar.gz', hreflang: 'en', rel: 'enclosure' },
  ],
};

describe('installManifest', () => {
  it('accepts the 3.x/4.x entry shape', () => {
    expect(installManifest.safeParse({ entries: [entry] }).success).toBe(true);
  });

  it('refuses an entry without links or navigator platform', () => {
    expect(installManifest.safeParse({ entries: [{ ...entry, links: undefined }] }).success).toBe(false);
    expect(installManifest.safeParse({ entries: [{ ...entry, navigator: {} }] }).success).toBe(false);
  });
});
