import { BRIDGE_READY_ATTRIBUTE } from '@rapid/protocol';
import { FRAME_PORT_NAME } from '../frame-port.ts';
import { browser } from '../platform/browser-api.ts';
import { linkPage } from './page-link.ts';

// Wiring only. Opaque origins (sandboxed frames, data: URLs) cannot be answered safely, so they get no bridge.
if (window.origin !== 'null') {
  const extensionVersion = browser.runtime.getManifest().version;
  linkPage({
    extensionVersion,
    openWorker(onMessage, onLost) {
      const port = browser.runtime.connect({ name: FRAME_PORT_NAME });
      port.onMessage.addListener(onMessage);
      port.onDisconnect.addListener(onLost);
      return { post: (message) => port.postMessage(message), close: () => port.disconnect() };
    },
  });
  // Readiness as DOM state, which a page or test can read at any time, unlike an early message (§8.6).
  document.documentElement.setAttribute(BRIDGE_READY_ATTRIBUTE, extensionVersion);
}
