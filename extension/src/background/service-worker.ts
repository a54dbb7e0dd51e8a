import { FRAME_PORT_NAME } from '../frame-port.ts';
import { browser } from '../platform/browser-api.ts';
import { relayFrame } from './frame-relay.ts';
import { reloadTabsWaitingForExtension } from './reload-waiting-tabs.ts';

// Wiring only: every frame's content script connects here; each connection gets its own relay.
browser.runtime.onConnect.addListener((port) => {
  if (port.name === FRAME_PORT_NAME) relayFrame(port);
  else port.disconnect();
});

browser.runtime.onInstalled.addListener(() => {
  void reloadTabsWaitingForExtension();
});
