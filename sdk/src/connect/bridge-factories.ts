import type { BridgeFactories } from '../bridge/bridge.ts';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { LegacyHttpBridge } from '../bridge/http-legacy/legacy-http-bridge.ts';
import { PluginBridge } from '../bridge/plugin/plugin-bridge.ts';
import { SafariBridge } from '../bridge/safari/safari-bridge.ts';
import { currentBrowser, hasNativeMessagingExtension } from '../util/browser.ts';
import type { ResolvedOptions } from './options.ts';

/**
 * The bridges that apply in this browser (connect-protocol.md §4.2). Safari never falls back to HTTP: from an
 * https page that would be mixed content.
 */
export function bridgeFactories(options: ResolvedOptions): BridgeFactories {
  const browser = currentBrowser();
  if (browser.IE || (browser.SAFARI && !browser.SAFARI_NO_NPAPI)) return { plugin: () => new PluginBridge() };
  if (browser.SAFARI) return { extension: () => new SafariBridge(options.minVersion) };
  return {
    extension: hasNativeMessagingExtension(browser)
      ? () => new ExtensionBridge(options.minVersion, options.extensionRequestTimeout)
      : undefined,
    http: options.localHttpProtocol === 'legacy' ? () => new LegacyHttpBridge() : () => new HttpBridge(),
  };
}
