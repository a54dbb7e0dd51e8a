import { copyFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export const PROGRAMS = {
  'rapid-host': join(here, 'src/host/main.ts'),
  'rapid-daemon': join(here, 'src/daemon/main.ts'),
  'rapid-register': join(here, 'src/install/cli.ts'),
  'rapid-launch': join(here, 'src/launch/main.ts'),
};

/** Where `transfer/native/build.mjs` puts the transfer engine's datagram addon. */
export const DATAGRAM_ADDON = join(here, '../transfer/native/build/rapid-dgram.node');

/**
 * The transfer engine finds its datagram addon beside the bundle that runs it (transfer/src/native/datagram-addon.ts):
 * copied there when this machine built it. It is built for this machine's platform and architecture only; on any other
 * (or where it does not load) the engine runs its JavaScript path.
 * @param {string} outdir
 * @returns {boolean} whether the addon is beside the programs now
 */
export function placeAddon(outdir) {
  if (!existsSync(DATAGRAM_ADDON)) return false;
  copyFileSync(DATAGRAM_ADDON, join(outdir, 'rapid-dgram.node'));
  return true;
}

/**
 * The release build (what the client archives ship, scripts/package/): the test doubles' module swapped for an empty
 * one, so they are not in it and their settings are refused; the datagram addon beside the programs when built.
 * @param {string} outdir
 */
export async function buildRelease(outdir) {
  await buildNodePrograms(PROGRAMS, [], {
    outdir,
    substitute: {
      [join(here, 'src/build/test-doubles.ts')]: join(here, 'src/build/no-test-doubles.ts'),
    },
  });
  placeAddon(outdir);
}
