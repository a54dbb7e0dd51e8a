/**
 * `ConnectInstaller.EVENT`: frame → page events (connect-protocol.md §13.3), given to `addEventListener`'s listener.
 *
 * @example installer.addEventListener((event) => event === ConnectInstaller.EVENT.RETRY && connect.start());
 */
export const INSTALLER_EVENT = {
  /** The visitor downloads the client installer. */
  DOWNLOAD_CONNECT: 'downloadconnect',
  /** The banner asks the page to reload. */
  REFRESH_PAGE: 'refresh',
  /** The banner was closed and its frame removed. */
  IFRAME_REMOVED: 'removeiframe',
  /** The banner's frame finished loading. */
  IFRAME_LOADED: 'iframeloaded',
  /** The visitor opened the troubleshooting page. */
  TROUBLESHOOT: 'troubleshoot',
  /** The visitor chose to continue with an older client. */
  CONTINUE: 'continue',
  /** The banner's height changed (the frame resizes itself). */
  RESIZE: 'px',
  /** The visitor asked to try reaching the client again. */
  RETRY: 'retry',
  /** The visitor started installing the browser extension. */
  EXTENSION_INSTALL: 'extension_install',
  /** The visitor went to the extension's store page. */
  DOWNLOAD_EXTENSION: 'download_extension',
} as const;

/**
 * One of {@link ConnectInstaller.EVENT}'s values.
 *
 * @example const onEvent = (event: InstallerEvent) => console.log(event);
 */
export type InstallerEvent = (typeof INSTALLER_EVENT)[keyof typeof INSTALLER_EVENT];

/**
 * `ConnectInstaller.ACTIVITY_EVENT`: what the visitor did in the banner, for analytics (§14.3).
 *
 * @example installer.addActivityListener(ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT, (a) => analytics.track(a));
 */
export const ACTIVITY_EVENT = {
  /** The banner became visible. */
  CONNECT_BAR_VISIBLE: 'connect_bar_visible',
  /** The banner was removed. */
  CONNECT_BAR_REMOVED: 'connect_bar_removed',
  /** Clicked "install extension". */
  CLICKED_INSTALL_EXTENSION: 'clicked_install_extension',
  /** Clicked "enable extension". */
  CLICKED_ENABLE_EXTENSION: 'clicked_enable_extension',
  /** Clicked "install add-on" (Firefox). */
  CLICKED_INSTALL_ADDON: 'clicked_install_addon',
  /** Clicked "download the app". */
  CLICKED_DOWNLOAD_APP: 'clicked_download_app',
  /** Clicked "install the app". */
  CLICKED_INSTALL_APP: 'clicked_install_app',
  /** Clicked "troubleshoot". */
  CLICKED_TROUBLESHOOT: 'clicked_troubleshoot',
  /** Clicked the download indicator. */
  CLICKED_DOWNLOAD_INDICATOR: 'clicked_download_indicator',
  /** The download indicator became visible. */
  DOWNLOAD_INDICATOR_VISIBLE: 'download_indicator_visible',
  /** Clicked "how do I install it". */
  CLICKED_HOW_LINK: 'clicked_how_link',
  /** The installer opened in a new tab instead (a blocked download). */
  MITIGATE_WITH_TAB: 'mitigate_with_tab',
} as const;

/**
 * One of {@link ConnectInstaller.ACTIVITY_EVENT}'s values.
 *
 * @example const onActivity = (activity: ActivityEvent) => console.log(activity);
 */
export type ActivityEvent = (typeof ACTIVITY_EVENT)[keyof typeof ACTIVITY_EVENT];

/**
 * `ConnectInstaller.EVENT_TYPE`: the one activity type, the banner's.
 *
 * @example installer.addActivityListener(ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT, console.log);
 */
export const EVENT_TYPE = {
  /** What the visitor does in the banner: `ConnectInstaller.ACTIVITY_EVENT`. */
  CONNECT_BAR_EVENT: 'connect_bar_event',
} as const;

/** Dialog kinds the frame shows (connect-bridge.md §2). */
export type DialogKind =
  | 'launching'
  | 'download'
  | 'install'
  | 'update'
  | 'continue'
  | 'retry'
  | 'extension_install'
  | 'unsupported_browser'
  | 'running';

/** Timings and limits of connect-bridge.md §9. */
export const LAUNCHING_DELAY_MS = 3500;
export const CONNECTED_DISMISS_MS = 2000;
export const UPDATE_OPT_OUT_SECONDS = 60 * 24;
export const MIN_SECURE_VERSION = '3.8.0';
/** Carbon is the default from this requested minimum up (connect-bridge.md §3). */
export const CARBON_FROM_VERSION = '3.9.0';

/** Browser storage keys (connect-protocol.md §16). */
export const STORAGE = {
  installAttempted: 'aspera-install-attempted',
  lastDetected: 'aspera-last-detected',
  installStyle: 'aspera-connect-install-style',
  versionContinued: 'connect-version-continued',
  appDownload: 'aspera-connect-app-download',
  minVersion: 'aspera-min-version',
} as const;

export const DEFAULT_IFRAME_ID = 'aspera-iframe-container';
export const EXTENSION_LOCATOR_CLASS = 'aspera-connect-ext-locator';
