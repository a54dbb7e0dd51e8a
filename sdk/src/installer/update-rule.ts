import { compareVersions } from '../util/version.ts';
import { MIN_SECURE_VERSION } from './constants.ts';

/**
 * connect-bridge.md §4: `continue` when the installed client is below the minimum secure version and the page's
 * requested minimum does not force an upgrade (the installed version satisfies it); otherwise `update`. Without a
 * known installed version nothing can be waived, so `update`.
 */
export function updateDialog(
  installedVersion: string | undefined,
  requestedMinimum: string,
): 'update' | 'continue' {
  if (!installedVersion) return 'update';
  const belowSecure = compareVersions(installedVersion, MIN_SECURE_VERSION) < 0;
  const forced = requestedMinimum !== '' && compareVersions(installedVersion, requestedMinimum) < 0;
  return belowSecure && !forced ? 'continue' : 'update';
}
