import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Certificate } from '../legacy/certificate.ts';

const NICKNAME = 'Rapid localhost';

function run(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(command, args, (error) => resolve(!error)));
}

/**
 * Adds the legacy server's certificate to the user's NSS database (`~/.pki/nssdb`), which Chrome and Chromium on
 * Linux trust; needs `certutil` (Debian: libnss3-tools). Firefox keeps one database per profile and is not changed.
 */
export async function trustCertificate(certificate: Certificate, home = homedir()) {
  const db = join(home, '.pki', 'nssdb');
  await mkdir(db, { recursive: true, mode: 0o700 });
  const where = `sql:${db}`;
  if (
    !(await run('certutil', ['-L', '-d', where])) &&
    !(await run('certutil', ['-N', '--empty-password', '-d', where]))
  )
    return { browser: 'https', outcome: 'skipped', where: 'certutil (libnss3-tools) is not installed' };
  const added = await run('certutil', [
    '-A',
    '-d',
    where,
    '-t',
    'C,,',
    '-n',
    NICKNAME,
    '-i',
    certificate.certFile,
  ]);
  return { browser: 'https', outcome: added ? 'registered' : 'skipped', where: `${NICKNAME} in ${db}` };
}
