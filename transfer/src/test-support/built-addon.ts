import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
// @ts-expect-error: a plain .mjs build script without declarations
import { ADDON_FILE, buildAddon } from '../../native/build.mjs';
import type { DatagramAddon } from '../native/datagram-addon.ts';

/**
 * The datagram addon for tests of the addon path, built first when it is not (gcc is a system package `npm test`
 * installs): a test of that path fails rather than quietly testing the JavaScript one.
 */
export function builtAddon(): DatagramAddon {
  if (!existsSync(ADDON_FILE as string)) {
    const why = (buildAddon as () => string | undefined)();
    if (why) throw new Error(`the datagram addon does not build: ${why}`);
  }
  return createRequire(import.meta.url)(ADDON_FILE as string) as DatagramAddon;
}
