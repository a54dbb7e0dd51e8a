import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/**
 * `certutil` (Debian: libnss3-tools) lets the host registration trust Rapid's localhost certificate for Chromium;
 * the end-to-end tests check that in a real browser. Installed through apt-get as root, when missing.
 * @returns {Promise<void>}
 */
export async function ensureCertutil() {
  if (existsSync('/usr/bin/certutil') || process.platform !== 'linux' || !existsSync('/usr/bin/apt-get'))
    return;
  if (process.getuid?.() !== 0)
    throw new Error('certutil is missing: run `sudo apt-get install -y libnss3-tools`.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    (await run('apt-get', ['install', '-y', '-qq', 'libnss3-tools'], { env })) === 0 ||
    ((await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'libnss3-tools'], { env })) === 0);
  if (!installed) throw new Error('apt-get could not install libnss3-tools (certutil).');
}
