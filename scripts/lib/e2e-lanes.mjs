import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Harness modules that drive the Rapid bridge or the desktop: the extension, a native host and its daemon, fixed
 * local ports (33003…), an X display. Suites that import one of them run one at a time in the bridge lane.
 */
const BRIDGE_HARNESS = [
  'rapid-browser',
  'host-process',
  'launch-browser',
  'installer-site',
  'installer-page',
  'x-display',
  'raw-protocol',
  'test-site',
  'service-worker',
];
const HARNESS_IMPORT = /from '\.\/harness\/([a-z-]+)(?:\.ts)?'/g;

/**
 * Splits the end-to-end suites in two lanes that can run side by side: `web` suites only serve the DAM on ports the
 * system picks and drive a plain Chromium; `bridge` suites need the bridge's fixed ports and processes. A suite that
 * imports nothing of the harness counts as a bridge suite, so an unknown suite never runs beside the bridge.
 * @param {string} dir the folder of `*.e2e.test.ts` files
 * @returns {{ web: string[], bridge: string[] }} file names, sorted
 */
export function splitEndToEndSuites(dir) {
  /** @type {{ web: string[], bridge: string[] }} */
  const lanes = { web: [], bridge: [] };
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.e2e.test.ts')) continue;
    const harness = [...readFileSync(join(dir, name), 'utf8').matchAll(HARNESS_IMPORT)].map(
      (match) => match[1],
    );
    const web =
      harness.includes('dam-web') && !harness.some((module) => BRIDGE_HARNESS.includes(module ?? ''));
    lanes[web ? 'web' : 'bridge'].push(name);
  }
  return lanes;
}
