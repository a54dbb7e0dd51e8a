import type { BridgeFactories } from '../bridge/bridge.ts';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { LegacyHttpBridge } from '../bridge/http-legacy/legacy-http-bridge.ts';
import { currentBrowser, hasNativeMessagingExtension } from '../util/browser.ts';
import type { ResolvedOptions } from './options.ts';

/**
 * The bridges that apply in this browser (connect-protocol.md §4.2). Safari never falls back to HTTP: from an
 * https page that would be mixed content.
 */
export function bridgeFactories(options: ResolvedOptions): BridgeFactories {
  const browser = currentBrowser();
  return {
    extension: hasNativeMessagingExtension(browser)
      ? () => new ExtensionBridge(options.minVersion, options.extensionRequestTimeout)
      : undefined,
    http: browser.SAFARI
      ? undefined
      : options.localHttpProtocol === 'legacy'
        ? () => new LegacyHttpBridge()
        : () => new HttpBridge(),
  };
}
