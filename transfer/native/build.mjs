import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** Where the engine looks for the addon first (transfer/src/native/datagram-addon.ts). */
export const ADDON_FILE = join(here, 'build', 'rapid-dgram.node');

/**
 * Builds the datagram addon with one gcc call against the running Node's own headers (node_api.h and its bundled
 * OpenSSL's, in <prefix>/include/node); the node binary provides OpenSSL's symbols when it loads the addon, so no
 * libssl-dev is needed. Returns why it could not, or undefined when built: the engine then uses its JavaScript path.
 * @returns {string | undefined}
 */
export function buildAddon() {
  if (process.platform !== 'linux') return `no batch system calls on ${process.platform}`;
  const include = join(dirname(dirname(process.execPath)), 'include', 'node');
  if (!existsSync(join(include, 'node_api.h')) || !existsSync(join(include, 'openssl', 'evp.h')))
    return `Node's headers are not in ${include}`;
  mkdirSync(dirname(ADDON_FILE), { recursive: true });
  const cc = process.env.CC ?? 'gcc';
  const args = [
    '-O2',
    '-Wall',
    '-shared',
    '-fPIC',
    `-I${include}`,
    '-o',
    ADDON_FILE,
    join(here, 'rapid-dgram.c'),
  ];
  const built = spawnSync(cc, args, { encoding: 'utf8' });
  if (built.error) return `${cc} did not run: ${built.error.message}`;
  if (built.status !== 0) return `${cc} failed: ${built.stderr.trim()}`;
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const why = buildAddon();
  // Never fails the install or the build: without the addon the engine sends and seals in JavaScript.
  if (why)
    console.warn(`rapid-dgram addon not built (${why}); the transfer engine uses its JavaScript path.`);
}
