import { compareVersions } from '../util/version.ts';
import { CARBON_FROM_VERSION, DEFAULT_IFRAME_ID, STORAGE } from './constants.ts';
import { requestedMinVersion } from './requested-min-version.ts';
import { safeStorage } from './safe-storage.ts';

/**
 * The banner's look: `carbon` (the current design, with the extension step) or `blue` (the 3.8 design).
 *
 * @example new ConnectInstaller({ style: 'carbon' satisfies InstallerStyle });
 */
export type InstallerStyle = 'carbon' | 'blue';

/**
 * Options of `new AW4.ConnectInstaller(options)` (connect-bridge.md §3, connect-protocol.md §13.1).
 *
 * @example new ConnectInstaller({ sdkLocation: '/sdk', stylesheetLocation: '/css/banner.css' });
 */
export interface InstallerOptions {
  /** Where the frame, the install manifest and the release packages are served. @defaultValue where this SDK was loaded from */
  sdkLocation?: string;
  /** A stylesheet of the page's own the frame loads (`insertstylesheet=`): how a site themes the banner. @defaultValue none */
  stylesheetLocation?: string;
  /** The id of the banner's iframe. @defaultValue `'aspera-iframe-container'` */
  iframeId?: string;
  /** The class of the banner's iframe, for the page's own CSS. @defaultValue the iframe id */
  iframeClass?: string;
  /**
   * The banner's look; localStorage `aspera-connect-install-style` overrides it.
   * @defaultValue `'carbon'` when the requested minimum version is at least 3.9.0, else `'blue'`
   */
  style?: InstallerStyle;
  /** The page's requested minimum client version (Rapid: also read from `aspera-min-version`). @defaultValue the `minVersion` of the last `new Connect()` */
  minVersion?: string;
  /** Support correlation id handed to the frame. @defaultValue none */
  correlationId?: string;
  /** Per-browser extension store pages. @defaultValue Rapid's listings */
  extensionStoreLinks?: Partial<Record<'chrome' | 'edge' | 'firefox', string>>;
  /** Where the troubleshoot button leads. @defaultValue `{sdkLocation}/install/troubleshoot/index.html` */
  troubleshootLocation?: string;
}

export interface ResolvedInstallerOptions {
  sdkLocation: string;
  stylesheetLocation?: string;
  iframeId: string;
  iframeClass: string;
  style: InstallerStyle;
  minVersion: string;
  correlationId?: string;
  extensionStoreLinks: Partial<Record<'chrome' | 'edge' | 'firefox', string>>;
  troubleshootLocation: string;
}

export function resolveInstallerOptions(
  options: InstallerOptions,
  defaultSdkLocation: string,
): ResolvedInstallerOptions {
  const sdkLocation = trimSlash(options.sdkLocation ?? defaultSdkLocation);
  const minVersion = options.minVersion ?? requestedMinVersion() ?? safeStorage.get(STORAGE.minVersion) ?? '';
  const iframeId = options.iframeId ?? DEFAULT_IFRAME_ID;
  return {
    sdkLocation,
    stylesheetLocation: options.stylesheetLocation,
    iframeId,
    iframeClass: options.iframeClass ?? iframeId,
    style: pickStyle(options.style, minVersion, safeStorage.get(STORAGE.installStyle)),
    minVersion,
    correlationId: options.correlationId,
    extensionStoreLinks: options.extensionStoreLinks ?? {},
    troubleshootLocation: options.troubleshootLocation ?? `${sdkLocation}/install/troubleshoot/index.html`,
  };
}

/** A stored override wins, then the page's choice, then carbon from a requested minimum of 3.9.0 (else blue). */
export function pickStyle(
  requested: string | undefined,
  minVersion: string,
  stored: string | null,
): InstallerStyle {
  for (const choice of [stored, requested]) if (choice === 'carbon' || choice === 'blue') return choice;
  return minVersion !== '' && compareVersions(minVersion, CARBON_FROM_VERSION) >= 0 ? 'carbon' : 'blue';
}

function trimSlash(location: string): string {
  return location.replace(/\/+$/, '');
}
