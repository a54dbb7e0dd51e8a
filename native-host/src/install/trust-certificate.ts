import { execFile } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { findOnPath } from '../desktop/run-tool.ts';
import { findNssStores, type NssStore } from './nss-stores.ts';

export const NICKNAME = 'Rapid localhost';
/** Trusted to issue TLS server certificates only: not for e-mail, not for code signing. */
export const TRUST_FLAGS = 'C,,';
export const NO_CERTUTIL =
  'certutil is not installed (Debian, Ubuntu: libnss3-tools; Fedora: nss-tools), so browsers will not trust ' +
  "Rapid's localhost certificate: install it, then run `rapid-register install` again";

export interface TrustResult {
  browser: string;
  outcome: 'registered' | 'removed' | 'skipped';
  where: string;
}

/** The user's home, XDG config folder (default `<home>/.config`) and the PATH to find certutil on. */
export interface Where {
  home: string;
  configHome?: string;
  path?: string;
}

/** This user's folders, as the install and the daemon see them. */
export function userTrustFolders(): Where {
  return { home: homedir(), configHome: process.env.XDG_CONFIG_HOME || join(homedir(), '.config') };
}

function certutil(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(command, args, (error) => resolve(!error)));
}

/** Every copy under our nickname, so a certificate from an earlier install never lingers. */
async function removeOurs(command: string, db: string): Promise<void> {
  for (let i = 0; i < 20 && (await certutil(command, ['-D', '-d', db, '-n', NICKNAME])); i++);
}

/**
 * Trusts the per-install authority (`ca.caFile`, name-constrained to the local names) for TLS servers in the NSS
 * store of Chromium browsers and of every Firefox profile, replacing any earlier copy: running it twice changes
 * nothing. Linux only; needs `certutil`.
 */
export async function trustCertificate(ca: { caFile: string }, where: Where): Promise<TrustResult[]> {
  const command = await findOnPath(['certutil'], where.path ?? process.env.PATH);
  if (!command) return [{ browser: 'https', outcome: 'skipped', where: NO_CERTUTIL }];
  const results: TrustResult[] = [];
  for (const store of await findNssStores(where.home, where.configHome)) {
    const db = `sql:${store.dir}`;
    const ready = await openStore(command, store.dir);
    await removeOurs(command, db);
    const added =
      ready &&
      (await certutil(command, ['-A', '-d', db, '-n', NICKNAME, '-t', TRUST_FLAGS, '-i', ca.caFile]));
    results.push(
      added
        ? { browser: 'https', outcome: 'registered', where: describe(store) }
        : { browser: 'https', outcome: 'skipped', where: `certutil could not write ${store.dir}` },
    );
  }
  return results;
}

/** Removes our certificate from every store that has it. */
export async function untrustCertificate(where: Where): Promise<TrustResult[]> {
  const command = await findOnPath(['certutil'], where.path ?? process.env.PATH);
  if (!command) return [{ browser: 'https', outcome: 'skipped', where: NO_CERTUTIL }];
  const results: TrustResult[] = [];
  for (const store of await findNssStores(where.home, where.configHome)) {
    const db = `sql:${store.dir}`;
    if (!(await exists(join(store.dir, 'cert9.db')))) continue;
    if (!(await certutil(command, ['-L', '-d', db, '-n', NICKNAME]))) continue;
    await removeOurs(command, db);
    results.push({ browser: 'https', outcome: 'removed', where: describe(store) });
  }
  return results;
}

/** A store that does not exist yet (a browser never started) is made the way the browser would make it. */
async function openStore(command: string, dir: string): Promise<boolean> {
  if (await exists(join(dir, 'cert9.db'))) return true;
  const made = await mkdir(dir, { recursive: true, mode: 0o700 }).then(
    () => true,
    () => false,
  );
  return made && certutil(command, ['-N', '--empty-password', '-d', `sql:${dir}`]);
}

function describe(store: NssStore): string {
  return `${NICKNAME} for ${store.browser} in ${store.dir}`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
