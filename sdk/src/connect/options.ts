import { getFullURI } from '../util/full-uri.ts';
import { readStored, STORAGE_KEYS } from '../util/storage.ts';
import { highestVersion, isAtLeast } from '../util/version.ts';

/** The oldest client the SDK will talk to, whatever the page asks (connect-bridge.md §9). */
export const MIN_SECURE_VERSION = '3.8.0';
export const DEFAULT_SDK_LOCATION = '//d3gcli72yxqn2z.cloudfront.net/connect/v4';

/**
 * How the SDK reaches the client: `'extension'` (the browser extension, Safari's app extension on Safari) or
 * `'http'` (the local HTTP API); `''` picks by `minVersion` (extension from 3.9).
 *
 * @example new Connect({ connectMethod: 'http' satisfies ConnectMethod });
 */
export type ConnectMethod = '' | 'http' | 'extension';

/**
 * Options of `new AW4.Connect(options)`; names and defaults of connect-protocol.md §11.1 and spec §9.
 *
 * @example const connect = new Connect({ minVersion: '3.9.0', dragDropEnabled: true, pollingTime: 1000 });
 */
export interface ConnectOptions {
  /** How long initialisation may take before the status becomes FAILED. @defaultValue `5000` */
  connectLaunchWaitTimeoutMs?: number;
  /** Id of the legacy plug-in's `<object>`. @defaultValue `'aspera-web'` */
  id?: string;
  /** Id of the legacy plug-in's wrapper element. @defaultValue `'aspera-web-container'` */
  containerId?: string;
  /** Where the SDK is hosted; sent to the client when an update is required. @defaultValue `'//d3gcli72yxqn2z.cloudfront.net/connect/v4'` */
  sdkLocation?: string;
  /** Activity polling period in ms. @defaultValue `2000` */
  pollingTime?: number;
  /** Polls are skipped while this many are in flight. @defaultValue `2` */
  maxActivityOutstanding?: number;
  /** Timeout of dialog requests through the extension. @defaultValue `86400000` (24 h) */
  extensionRequestTimeout?: number;
  /** Oldest client version this page accepts, e.g. '3.9.0'; never lowers the 3.8.0 secure minimum. Overridden by localStorage `aspera-min-version`. @defaultValue `''` */
  minVersion?: string;
  /** Enables `setDragDropTargets`; the client is told once RUNNING. @defaultValue `false` */
  dragDropEnabled?: boolean;
  /**
   * 'http' or 'extension'; overridden by localStorage `aspera-connect-method`.
   * @defaultValue `'extension'` when `minVersion` is 3.9 or later, else `'http'`
   */
  connectMethod?: ConnectMethod;
  /** Added to every POST body as `authorization_key`. @defaultValue `''` */
  authorizationKey?: string;
  /**
   * Rapid addition: the local HTTP protocol to use when HTTP is chosen. 'current' is plain JSON on
   * 127.0.0.1:33003+; 'legacy' is the 3.8/3.9 HTTPS session protocol on local.connectme.us:43003.
   * @defaultValue `'current'`
   */
  localHttpProtocol?: 'current' | 'legacy';
}

export interface ResolvedOptions {
  connectLaunchWaitTimeoutMs: number;
  id: string;
  containerId: string;
  sdkLocation: string;
  pollingTime: number;
  maxActivityOutstanding: number;
  extensionRequestTimeout: number | undefined;
  minVersion: string;
  /** The higher of `minVersion` and the secure minimum. */
  effectiveMinVersion: string;
  dragDropEnabled: boolean;
  connectMethod: 'http' | 'extension';
  /** True when the page (or the localStorage override) chose the method; a derived default is only a preference. */
  connectMethodChosen: boolean;
  authorizationKey: string;
  localHttpProtocol: 'current' | 'legacy';
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/** Applies defaults and the localStorage overrides `aspera-connect-method` and `aspera-min-version`. */
export function resolveOptions(options: ConnectOptions = {}): ResolvedOptions {
  const minVersion = readStored(STORAGE_KEYS.minVersion) || options.minVersion || '';
  const effectiveMinVersion = minVersion
    ? highestVersion(minVersion, MIN_SECURE_VERSION)
    : MIN_SECURE_VERSION;
  const chosen = readStored(STORAGE_KEYS.connectMethod) || options.connectMethod || '';
  const connectMethod =
    chosen === 'http' || chosen === 'extension'
      ? chosen
      : isAtLeast(effectiveMinVersion, '3.9')
        ? 'extension'
        : 'http';
  return {
    connectLaunchWaitTimeoutMs: positive(options.connectLaunchWaitTimeoutMs, 5000),
    id: options.id || 'aspera-web',
    containerId: options.containerId || 'aspera-web-container',
    sdkLocation: getFullURI(options.sdkLocation || DEFAULT_SDK_LOCATION) ?? DEFAULT_SDK_LOCATION,
    pollingTime: positive(options.pollingTime, 2000),
    maxActivityOutstanding: positive(options.maxActivityOutstanding, 2),
    extensionRequestTimeout: options.extensionRequestTimeout,
    minVersion,
    effectiveMinVersion,
    dragDropEnabled: options.dragDropEnabled === true,
    connectMethod,
    connectMethodChosen: chosen === 'http' || chosen === 'extension',
    authorizationKey: options.authorizationKey ?? '',
    localHttpProtocol: options.localHttpProtocol === 'legacy' ? 'legacy' : 'current',
  };
}
