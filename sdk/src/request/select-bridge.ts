import type { Bridge, BridgeFactories, DetectProgress } from '../bridge/bridge.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../util/storage.ts';

/** The extension is searched for this long before the handler decides (connect-bridge.md §4). */
export const EXTENSION_SEARCH_MS = 1000;

export interface SelectionRules {
  factories: BridgeFactories;
  /** The page (or the localStorage override) asked for HTTP: the extension is not searched (5.x behaviour). */
  httpOnly: boolean;
  /** connectMethod is extension, or the installer supports extensions and the minimum is at least 3.9. */
  wantsExtensionInstall: boolean;
  onExtensionInstall: () => void;
  onProgress: (status: DetectProgress) => void;
}

/**
 * Bridge selection of connect-bridge.md §4: the legacy plug-in where it applies, then the extension (searched for
 * 1 s), else local HTTP. An absent extension the page wants means EXTENSION_INSTALL and waiting for it; once an
 * extension has been seen here it is remembered, and its later absence just runs into the init timeout.
 * Resolves undefined when stopped, or when the only bridge that applies failed (the plug-in).
 */
export async function selectBridge(rules: SelectionRules, signal: AbortSignal): Promise<Bridge | undefined> {
  const { plugin, extension, http } = rules.factories;
  if (plugin) {
    const bridge = plugin();
    return (await bridge.detect(0, signal)) ? bridge : undefined;
  }
  if (extension && !(rules.httpOnly && http)) {
    const bridge = extension();
    if (await bridge.detect(EXTENSION_SEARCH_MS, signal)) {
      writeStored(STORAGE_KEYS.extensionInstalled, 'true');
      return bridge;
    }
    if (signal.aborted) return undefined;
    if (rules.wantsExtensionInstall || !http) {
      if (readStored(STORAGE_KEYS.extensionInstalled) !== 'true') rules.onExtensionInstall();
      return (await bridge.detect(-1, signal)) ? bridge : undefined;
    }
    bridge.stop();
  }
  if (!http) return undefined;
  const bridge = http();
  return (await bridge.detect(-1, signal, rules.onProgress)) ? bridge : undefined;
}
