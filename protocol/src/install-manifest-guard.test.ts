import { describe, expect, it } from 'vitest';
import { installManifest } from './install-manifest.ts';
import { readInstallManifest } from './install-manifest-guard.ts';

const link = {
  title: 'Installer',
  type: 'application/gzip',
  href: 'bin/x.tar.gz',
  hreflang: 'en',
  rel: 'enclosure',
};
const entry = {
  title: 'Rapid for Linux',
  platform: { os: 'linux', version: '' },
  navigator: { platform: 'Linux x86_64' },
  version: '0.1.0',
  id: 'urn:rapid:client:linux:0.1.0',
  updated: '2026-11-21T00:00:00.000Z',
  links: [link],
};

const SAMPLES: [string, unknown][] = [
  ['a whole manifest', { title: 'Rapid', updated: '2026', entries: [entry] }],
  ['no entries', { entries: [] }],
  ['extra fields everywhere', { x: 1, entries: [{ ...entry, x: 1, links: [{ ...link, x: 1 }] }] }],
  [
    'optional fields absent',
    { entries: [{ ...entry, platform: { os: 'linux' }, links: [{ ...link, hreflang: undefined }] }] },
  ],
  ['hrefAbsolute', { entries: [{ ...entry, links: [{ ...link, hrefAbsolute: 'https://x/y' }] }] }],
  ['a title that is not text', { title: 1, entries: [entry] }],
  ['entries not an array', { entries: {} }],
  ['no links', { entries: [{ ...entry, links: undefined }] }],
  ['a link without rel', { entries: [{ ...entry, links: [{ ...link, rel: undefined }] }] }],
  ['hreflang a number', { entries: [{ ...entry, links: [{ ...link, hreflang: 1 }] }] }],
  ['navigator without platform', { entries: [{ ...entry, navigator: {} }] }],
  ['platform version a number', { entries: [{ ...entry, platform: { os: 'linux', version: 1 } }] }],
  ['an entry without id', { entries: [{ ...entry, id: undefined }] }],
  ['an entry that is null', { entries: [null] }],
  ['an array', [entry]],
  ['nothing', undefined],
  ['text', 'connectVersions'],
];

describe('readInstallManifest', () => {
  it.each(SAMPLES)('answers %s as the installManifest schema does', (_name, sample) => {
    const parsed = installManifest.safeParse(sample);
    expect(readInstallManifest(sample)).toEqual(parsed.success ? parsed.data : undefined);
  });

  it('drops fields the schema does not know', () => {
    const read = readInstallManifest({ x: 1, entries: [{ ...entry, x: 1 }] });
    expect(read).toStrictEqual({ entries: [entry] });
  });
});
