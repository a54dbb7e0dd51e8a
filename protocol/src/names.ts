import hostIdentity from '../../manifests/native-host/host.json' with { type: 'json' };

/** DOM event and window-message names of the public Connect page protocol (connect-protocol.md §5.1). */
export const EVENT_NAMES = {
  check: 'AsperaConnectCheck',
  checkResponse: 'AsperaConnectCheckResponse',
  request: 'AsperaConnectRequest',
  response: 'AsperaConnectResponse',
  disconnect: 'AsperaConnectDisconnect',
  showExtensionInstall: 'show_extension_install',
} as const;

/**
 * Rapid's native-host identity (name, extension ids, development key), kept once in manifests/. The name is our own,
 * not Connect's, so Rapid can sit beside an installed Connect client without either overwriting the other's manifests.
 */
export const HOST_IDENTITY = hostIdentity;
export const NATIVE_HOST_NAME: string = hostIdentity.name;

/**
 * The Connect API level the daemon implements. Pages gate on Connect version numbers (`minVersion`, the 3.8.0
 * secure minimum), so the version endpoint reports this rather than Rapid's own release number.
 */
export const CONNECT_API_VERSION = '4.2.0';

/** DOM attribute the content script sets once it listens; tests and pages wait for it (native-messaging.md §8.6). */
export const BRIDGE_READY_ATTRIBUTE = 'data-rapid-bridge';
