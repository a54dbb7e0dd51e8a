import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureCertificate } from '../legacy/certificate.ts';
import { profilePaths } from './nss-stores.ts';
import { NICKNAME, NO_CERTUTIL, trustCertificate, untrustCertificate } from './trust-certificate.ts';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Our entries in one NSS store, as `certutil -L` lists them: nickname and trust flags. */
function ours(store: string): string[] {
  const listing = execFileSync('certutil', ['-L', '-d', `sql:${store}`], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.startsWith(NICKNAME))
    .map((line) => line.replace(/\s+/g, ' ').trim());
}

/** A home with two Firefox profiles (one used, one never started) and a profiles.ini entry whose folder is gone. */
async function makeHome() {
  dir = await mkdtemp(join(tmpdir(), 'rapid-trust-'));
  const root = join(dir, '.mozilla', 'firefox');
  const used = join(root, 'abcd.default-esr');
  const fresh = join(dir, 'elsewhere', 'fresh');
  await mkdir(used, { recursive: true });
  await mkdir(fresh, { recursive: true });
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${used}`]);
  await writeFile(
    join(root, 'profiles.ini'),
    [
      '[Install4F96D1932A9F858E]',
      'Default=abcd.default-esr',
      '[Profile0]',
      'Name=default-esr',
      'IsRelative=1',
      'Path=abcd.default-esr',
      '[Profile1]',
      'Name=gone',
      'Path=gone.profile',
      '[General]',
      'Version=2',
    ].join('\n'),
  );
  // Newer Firefox releases list profiles in the XDG config folder.
  const xdgRoot = join(dir, '.config', 'mozilla', 'firefox');
  await mkdir(xdgRoot, { recursive: true });
  await writeFile(join(xdgRoot, 'profiles.ini'), `[Profile0]\nName=fresh\nIsRelative=0\nPath=${fresh}\n`);
  return { home: dir, stores: [join(dir, '.pki', 'nssdb'), fresh, used] };
}

// A key pair and a dozen certutil runs: seconds on a loaded machine, so more than the default five.
describe('trusting the localhost certificate in the browsers', { timeout: 30_000 }, () => {
  it('adds the authority once, for TLS servers only, to Chromium and every Firefox profile, and removes it', async () => {
    const { home, stores } = await makeHome();
    const tls = await ensureCertificate(join(home, 'rapid'));
    const first = await trustCertificate(tls, { home });
    expect(first.map((each) => `${each.outcome} ${each.where}`)).toEqual([
      `registered ${NICKNAME} for Chromium in ${stores[0]}`,
      `registered ${NICKNAME} for Firefox in ${stores[1]}`,
      `registered ${NICKNAME} for Firefox in ${stores[2]}`,
    ]);
    await trustCertificate(tls, { home });
    for (const store of stores) expect(ours(store)).toEqual([`${NICKNAME} C,,`]);
    const pem = execFileSync('certutil', ['-L', '-d', `sql:${stores[1]}`, '-n', NICKNAME, '-a'], {
      encoding: 'utf8',
    });
    expect(pem.replace(/\r/g, '').trim()).toBe(tls.ca.trim());

    // A new certificate (a reinstall) replaces the old one rather than adding a second.
    const renewed = await ensureCertificate(join(home, 'rapid'), Date.now() + 10 * 365 * 24 * 3600 * 1000);
    await trustCertificate(renewed, { home });
    expect(ours(stores[1] as string)).toEqual([`${NICKNAME} C,,`]);

    const removed = await untrustCertificate({ home });
    expect(removed.map((each) => each.outcome)).toEqual(['removed', 'removed', 'removed']);
    for (const store of stores) expect(ours(store)).toEqual([]);
    expect(await untrustCertificate({ home })).toEqual([]);
  });

  it('says what to install when certutil is missing', async () => {
    const { home } = await makeHome();
    const tls = await ensureCertificate(join(home, 'rapid'));
    const none = join(home, 'empty-path');
    expect(await trustCertificate(tls, { home, path: none })).toEqual([
      { browser: 'https', outcome: 'skipped', where: NO_CERTUTIL },
    ]);
    expect(NO_CERTUTIL).toMatch(/libnss3-tools/);
    expect(await untrustCertificate({ home, path: none })).toEqual([
      { browser: 'https', outcome: 'skipped', where: NO_CERTUTIL },
    ]);
  });

  it('reads relative and absolute profile paths from profiles.ini', () => {
    expect(
      profilePaths(
        '[Profile1]\r\nPath=/abs/p\r\nIsRelative=0\r\n[Install1]\r\nDefault=x\r\n[Profile0]\r\nPath=rel.p',
      ),
    ).toEqual([
      { path: '/abs/p', relative: false },
      { path: 'rel.p', relative: true },
    ]);
  });
});
