import { Logger } from '../../logger/logger.ts';
import { isAtLeast } from '../../util/version.ts';
import type { Bridge, BridgeRequest, BridgeResponse } from '../bridge.ts';

export const PLUGIN_MIME_TYPE = 'application/x-aspera-web';
/** Plug-ins older than this fail (connect-bridge.md §4, §9). */
export const MIN_PLUGIN_VERSION = '3.6';

interface PluginLike {
  version?: string;
  description?: string;
  length: number;
  [index: number]: { type: string } | undefined;
}

/** The installed Connect plug-in's version from `navigator.plugins`, if there is one. */
export function installedPluginVersion(
  plugins: ArrayLike<PluginLike> = navigator.plugins,
): string | undefined {
  for (const plugin of Array.from(plugins)) {
    const types = Array.from({ length: plugin.length }, (_, i) => plugin[i]?.type);
    if (!types.includes(PLUGIN_MIME_TYPE)) continue;
    return plugin.version || /\d+(\.\d+)+/.exec(plugin.description ?? '')?.[0] || '0';
  }
  return undefined;
}

/**
 * The legacy NPAPI plug-in path, chosen only on Internet Explorer and Safari before 10. It applies the
 * specification's rule — missing, or older than 3.6, is FAILED — so pages on those browsers get the right status.
 * Rapid ships no plug-in and carries no requests over one, so a present plug-in is reported and also fails.
 */
export class PluginBridge implements Bridge {
  readonly kind = 'plugin';

  constructor(private readonly plugins?: ArrayLike<PluginLike>) {}

  async detect(): Promise<boolean> {
    const version = installedPluginVersion(this.plugins);
    if (version === undefined) Logger.warn('The Connect browser plug-in is not installed.');
    else if (!isAtLeast(version, MIN_PLUGIN_VERSION))
      Logger.warn(`The Connect browser plug-in ${version} is older than ${MIN_PLUGIN_VERSION}.`);
    else Logger.warn(`Connect browser plug-in ${version} found; Rapid does not use browser plug-ins.`);
    return false;
  }

  async send(_request: BridgeRequest): Promise<BridgeResponse> {
    return { status: 0, body: '' };
  }

  onDisconnect(): () => void {
    return () => {};
  }

  stop(): void {}
}
